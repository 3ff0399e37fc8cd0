import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';
import { NAMESPACES } from './i18n';
import { namespaceLoaders } from './namespace-loaders';

const dir = path.resolve(import.meta.dirname, 'locale-loaders');

describe('locale loaders', () => {
  it('has the loaders of every language, and nothing else', () => {
    for (const lng of LOCALES) expect(existsSync(path.join(dir, `${lng}.ts`)), lng).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(LOCALES.map((l) => `${l}.ts`).sort());
  });

  it("names each file by its namespace, the web app's and the shared ones alike", async () => {
    const load = async () => ({ default: {} });
    const loaders = namespaceLoaders(
      { '../../locales/nl/common.json': load, '../../locales/nl/member-landing.json': load },
      { '../../../shared/i18n/nl/validation.json': load },
    );
    expect(Object.keys(loaders).sort()).toEqual(['common', 'member-landing', 'validation']);
  });

  it("gives every namespace i18next loads, in every language (the language's real files)", async () => {
    for (const lng of LOCALES) {
      const loaders = (await import(`./locale-loaders/${lng}.ts`)).default as Record<string, unknown>;
      for (const ns of NAMESPACES) expect(loaders[ns], `${lng}/${ns}`).toBeTypeOf('function');
    }
  });
});
