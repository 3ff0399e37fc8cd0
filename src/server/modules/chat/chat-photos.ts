import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ImageBusy, ImageRejected, processUpload } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import { photoBusy, photoInvalid, photoTooLarge } from '../photos/photos.service';

/**
 * Photo messages: the upload goes through the profile photos' pipeline (type by content, header limits, the image
 * queue, re-encoded without any metadata) and is stored as `chat-<uuid>-main.jpg`, `-thumb.jpg` and a strongly
 * blurred `-blur.jpg` (what a recipient who has not matched with the sender sees until tapping it). The media route
 * serves these files only to the two members of the conversation (media.service).
 */
export type ChatPhotoSize = 'main' | 'thumb' | 'blur';
const SIZES: ChatPhotoSize[] = ['main', 'thumb', 'blur'];

export const CHAT_PHOTO_KEY = /^(chat-[0-9a-f-]{36})-(main|thumb|blur)\.jpg$/;

export const chatPhotoKey = (stem: string, size: ChatPhotoSize) => `${stem}-${size}.jpg`;

export function chatPhotoUrl(cdnPrefix: string, stem: string, size: ChatPhotoSize): string {
  return `${cdnPrefix.replace(/\/$/, '')}/media/${chatPhotoKey(stem, size)}`;
}

/** Processes and stores an uploaded chat photo; returns the stem of its files. */
export async function storeChatPhoto(storage: MediaStorage, file: Buffer): Promise<string> {
  let image: Awaited<ReturnType<typeof processUpload>>;
  try {
    image = await processUpload(file);
  } catch (err) {
    if (err instanceof ImageBusy) throw photoBusy();
    if (err instanceof ImageRejected)
      throw err.reason === 'too_many_pixels' ? photoTooLarge() : photoInvalid();
    throw err;
  }
  const blur = await sharp(image.sizes.match).blur(40).jpeg({ quality: 70 }).toBuffer();
  const stem = `chat-${randomUUID()}`;
  const files: Record<ChatPhotoSize, Buffer> = { main: image.sizes.main, thumb: image.sizes.thumb, blur };
  await Promise.all(SIZES.map((size) => storage.put(chatPhotoKey(stem, size), files[size], 'image/jpeg')));
  return stem;
}

export async function removeChatPhoto(storage: MediaStorage, stem: string): Promise<void> {
  await Promise.allSettled(SIZES.map((size) => storage.remove(chatPhotoKey(stem, size))));
}
