import { namespaceLoaders, type Texts } from '../namespace-loaders';

/** The loaders of the fi texts (lib/i18n.ts): a chunk of their own, loaded when the language is used. */
export default namespaceLoaders(
  import.meta.glob<Texts>('../../locales/fi/*.json'),
  import.meta.glob<Texts>('../../../shared/i18n/fi/*.json'),
);
