import type { PhotoUrls } from '../../../shared/schemas/members';

/** The three sizes every photo is stored in. */
export const PHOTO_SIZES = {
  main: { width: 800, height: 800 },
  match: { width: 480, height: 480 },
  thumb: { width: 160, height: 160 },
} as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

export function photoKey(stem: string, size: PhotoSize): string {
  return `${stem}-${size}.jpg`;
}

export function photoUrl(cdnPrefix: string, stem: string, size: PhotoSize): string {
  return `${cdnPrefix.replace(/\/$/, '')}/media/${photoKey(stem, size)}`;
}

export function presentPhotoUrls(cdnPrefix: string, stem: string, status: string): PhotoUrls {
  return {
    filename: photoUrl(cdnPrefix, stem, 'main'),
    thumb_filename: photoUrl(cdnPrefix, stem, 'thumb'),
    match: photoUrl(cdnPrefix, stem, 'match'),
    status,
  };
}
