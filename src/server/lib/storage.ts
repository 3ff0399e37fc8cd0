import { constants } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where photo files live: a local folder by default (DATA_DIR/media), an S3-compatible bucket when S3_BUCKET is set
 * (s3-storage.ts; chosen by createMediaStorage in media-storage.ts).
 */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
  /** Resolves when the storage can be used now (the readiness check); rejects with the reason otherwise. */
  ping(): Promise<void>;
}

/** Photo files, and the zips of data exports (modules/data-export; never served by /media, which serves photos only). */
const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(jpg|jpeg|png|webp|zip)$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`unsafe storage key: ${key}`);
}

export class LocalMediaStorage implements MediaStorage {
  constructor(readonly root: string) {}

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    assertSafeKey(key);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }

  async get(key: string): Promise<Buffer | undefined> {
    assertSafeKey(key);
    try {
      return await readFile(path.join(this.root, key));
    } catch {
      return undefined;
    }
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await rm(path.join(this.root, key), { force: true });
  }

  /** The folder exists (made if missing, as put does) and this process may read and write it. */
  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }
}
