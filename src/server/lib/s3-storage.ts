import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type MediaStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix inside the bucket (e.g. "media/"), so one bucket can hold several deployments. */
  prefix: string;
  region: string;
  /** For S3-compatible services (MinIO, Ceph, R2, Wasabi…); AWS itself needs none. */
  endpoint: string | undefined;
  /** Path-style URLs (bucket in the path), which most self-hosted S3-compatible services need. */
  forcePathStyle: boolean;
  /** Without keys the SDK's default chain is used (environment, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Photo files in an S3-compatible bucket. Objects are private (no ACL is set): members' photos are always served
 * through the authorising /media route (media.routes.ts), never straight from the bucket.
 */
export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly opts: S3StorageOptions) {
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      credentials: opts.credentials,
      // Only send checksums where S3 requires them: many S3-compatible services reject the newer trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.opts.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }),
      );
      if (!out.Body) return undefined;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey) return undefined;
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return undefined;
      throw err;
    }
  }

  /** Deleting a missing object is not an error (S3 answers 204 either way). */
  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }));
  }

  close(): void {
    this.client.destroy();
  }

  /** HEAD of the bucket: reachable, and these keys may use it. */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket }));
  }
}
