import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { photos } from '../db/schema';
import { PHOTO_SIZES, type PhotoSize, photoKey } from '../modules/photos/photos.presenter';
import { CLIENT, createMember } from '../test/factories';
import { multipart } from '../test/multipart';
import { buildTestApp, type TestContext } from '../test/test-app';
import { createMediaStorage } from './media-storage';
import { S3MediaStorage } from './s3-storage';

/**
 * The S3 adapter against a real S3-compatible server (s3rver: the S3 REST API over HTTP, buckets on disk; it knows
 * the access key S3RVER but does not verify V4 signatures), and the whole photo flow of the app configured with
 * S3_* variables.
 */
const BUCKET = 'amora-media-test';
let server: S3rver;
let dir: string;
let endpoint: string;
const env = () => ({
  S3_BUCKET: BUCKET,
  S3_PREFIX: 'media/',
  S3_ENDPOINT: endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'amora-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const storage = (overrides: Record<string, string> = {}) => {
  const s = createMediaStorage(loadConfig({ DATA_DIR: dir, ...env(), ...overrides }));
  expect(s).toBeInstanceOf(S3MediaStorage);
  return s as S3MediaStorage;
};

describe('S3MediaStorage', () => {
  it('stores, reads and deletes objects under the prefix; a missing object reads as undefined', async () => {
    const s = storage();
    const body = Buffer.from('not really a jpeg, the store does not care');
    await s.put('ab/cd/photo-main.jpg', body, 'image/jpeg');
    expect(await s.get('ab/cd/photo-main.jpg')).toEqual(body);
    // The prefix is part of the object key: the same bucket without it does not see the object.
    const unprefixed = storage({ S3_PREFIX: '' });
    expect(await unprefixed.get('ab/cd/photo-main.jpg')).toBeUndefined();
    expect(await unprefixed.get('media/ab/cd/photo-main.jpg')).toEqual(body);
    await s.remove('ab/cd/photo-main.jpg');
    expect(await s.get('ab/cd/photo-main.jpg')).toBeUndefined();
    // Removing again is not an error.
    await s.remove('ab/cd/photo-main.jpg');
    s.close();
    unprefixed.close();
  });

  it('refuses unsafe keys before anything is sent', async () => {
    const s = storage();
    await expect(s.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/unsafe/);
    await expect(s.get('a//b.jpg')).rejects.toThrow(/unsafe/);
    s.close();
  });

  it('reports refused credentials instead of pretending the object is missing', async () => {
    const s = storage({ S3_ACCESS_KEY_ID: 'UNKNOWNKEY' });
    await expect(s.put('x/y.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Access Key/);
    await expect(s.get('x/y.jpg')).rejects.toThrow(/Access Key/);
    s.close();
  });

  it('is chosen only when S3_BUCKET is set, and needs both keys or neither', () => {
    expect(createMediaStorage(loadConfig({ DATA_DIR: dir }))).not.toBeInstanceOf(S3MediaStorage);
    expect(() => loadConfig({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'only-one' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: BUCKET, S3_PREFIX: 'no-slash' })).toThrow(/S3_PREFIX/);
  });
});

describe('photos on S3-compatible storage', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(env());
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('uploads every size to the bucket, serves them through /media and deletes them with the photo', async () => {
    const domain = (await ctx.createSite()).domain;
    const member = await createMember(ctx, domain);
    const image = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#8ac' } })
      .jpeg()
      .toBuffer();
    const body = multipart([{ name: 'photo', filename: 'me.jpg', type: 'image/jpeg', data: image }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      headers: { host: domain, cookie: member.cookie, 'content-type': body.contentType, ...CLIENT },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().photo.id as number;
    const [row] = await ctx.database.db.select().from(photos).where(eq(photos.id, id));
    const s = storage();
    for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[]) {
      const stored = await s.get(photoKey(row!.storageKey, size));
      expect(stored, size).toBeDefined();
      expect((await sharp(stored!).metadata()).format).toBe('jpeg');
    }
    const media = await ctx.app.inject({
      method: 'GET',
      url: `/media/${photoKey(row!.storageKey, 'thumb')}`,
      headers: { host: domain, cookie: member.cookie },
    });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
    expect(media.rawPayload).toEqual(await s.get(photoKey(row!.storageKey, 'thumb')));

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/photos.php',
      headers: { host: domain, cookie: member.cookie, ...CLIENT },
      payload: { id },
    });
    expect(del.statusCode, del.body).toBe(200);
    for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[]) {
      expect(await s.get(photoKey(row!.storageKey, size)), size).toBeUndefined();
    }
    s.close();
  });
});
