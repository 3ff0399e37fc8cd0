import { strToU8, type Zippable, zip } from 'fflate';
import { isLocale, type Locale } from '../../../shared/locales';
import { translate } from '../../i18n/translate';
import type { CollectedData } from './data-export.collect';

/** The JSON files of an export, in the order the README lists them. */
export const EXPORT_JSON_FILES = [
  'account',
  'profile',
  'photos',
  'messages',
  'likes',
  'matches',
  'blocks',
  'payments',
  'credit_ledger',
  'discounts',
  'sessions',
  'notification_settings',
  'consents',
] as const;

/** README.txt in the member's language: what each file holds. */
export function exportReadme(
  language: string,
  vars: { siteName: string; date: string; photos: number; chatPhotos: number },
): string {
  const locale: Locale = isLocale(language) ? language : 'en';
  const t = (key: string, v: Record<string, string | number> = {}) =>
    translate(locale, `data_export.readme.${key}`, { ...vars, ...v });
  const lines = [
    t('title'),
    '',
    t('intro'),
    '',
    ...EXPORT_JSON_FILES.map((f) => `${f}.json: ${t(`files.${f}`)}`),
    ...(vars.photos > 0 ? [`photos/: ${t('folders.photos', { count: vars.photos })}`] : []),
    ...(vars.chatPhotos > 0 ? [`chat-photos/: ${t('folders.chat_photos', { count: vars.chatPhotos })}`] : []),
    '',
    t('formats'),
    '',
    t('outro'),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

const zipAsync = (files: Zippable) =>
  new Promise<Uint8Array>((resolve, reject) =>
    zip(files, (err, data) => (err ? reject(err) : resolve(data))),
  );

/**
 * The zip of an export: README.txt, one pretty-printed JSON file per part, and the photo files (stored without
 * compressing them again). `readFile` gives a storage key's bytes; a file gone from the storage is left out (and
 * not named in the photos' JSON as missing: the metadata still says the photo existed).
 */
export async function buildExportZip(
  data: CollectedData,
  siteName: string,
  now: Date,
  readFile: (key: string) => Promise<Buffer | undefined>,
): Promise<Uint8Array> {
  const files: Zippable = {};
  let photos = 0;
  let chatPhotos = 0;
  for (const f of data.files) {
    const body = await readFile(f.key);
    if (!body) continue;
    files[f.name] = [new Uint8Array(body), { level: 0 }];
    if (f.name.startsWith('photos/')) photos += 1;
    else chatPhotos += 1;
  }
  files['README.txt'] = strToU8(
    exportReadme(data.language, { siteName, date: now.toISOString().slice(0, 10), photos, chatPhotos }),
  );
  for (const name of EXPORT_JSON_FILES)
    files[`${name}.json`] = strToU8(`${JSON.stringify(data.json[name] ?? null, null, 2)}\n`);
  return zipAsync(files);
}
