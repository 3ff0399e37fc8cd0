import { namespaceLoaders, type Texts } from '../namespace-loaders';

/** The loaders of the en texts (lib/i18n.ts): a chunk of their own, loaded when the language is used. */
export default namespaceLoaders(
  import.meta.glob<Texts>('../../locales/en/*.json'),
  import.meta.glob<Texts>('../../../shared/i18n/en/*.json'),
);
