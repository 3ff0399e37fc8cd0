import path from 'node:path';
import type { AppConfig } from '../config';
import { S3MediaStorage } from './s3-storage';
import { LocalMediaStorage, type MediaStorage } from './storage';

/** The media storage the configuration asks for: the S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createMediaStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): MediaStorage {
  if (config.s3) return new S3MediaStorage(config.s3);
  return new LocalMediaStorage(path.join(config.dataDir, 'media'));
}
