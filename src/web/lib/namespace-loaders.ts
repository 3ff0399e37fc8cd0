/** A locale JSON module. */
export type Texts = { default: Record<string, unknown> };
/** Loads one namespace's texts of a language (a locale JSON file, its own chunk). */
export type NamespaceLoader = () => Promise<Texts>;

/**
 * One language's namespaces by name, from the `import.meta.glob` maps of its files (src/web/locales/<lng>/*.json and
 * the texts shared with the server, src/shared/i18n/<lng>/*.json): `.../en/common.json` → `common`.
 */
export function namespaceLoaders(
  ...globs: Record<string, NamespaceLoader>[]
): Record<string, NamespaceLoader> {
  const out: Record<string, NamespaceLoader> = {};
  for (const glob of globs) {
    for (const [file, load] of Object.entries(glob)) {
      const name = /([^/]+)\.json$/.exec(file)?.[1];
      if (name) out[name] = load;
    }
  }
  return out;
}
