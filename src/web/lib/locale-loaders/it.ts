import { namespaceLoaders, type Texts } from '../namespace-loaders';

/** The loaders of the it texts (lib/i18n.ts): a chunk of their own, loaded when the language is used. */
export default namespaceLoaders(
  import.meta.glob<Texts>('../../locales/it/*.json'),
  import.meta.glob<Texts>('../../../shared/i18n/it/*.json'),
);
