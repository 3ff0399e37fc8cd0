import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { photos, users } from '../../db/schema';
import { LocalMediaStorage, type MediaStorage } from '../../lib/storage';
import { dbPlugin } from '../../plugins/db';
import { errorsPlugin } from '../../plugins/errors';
import { localePlugin } from '../../plugins/locale';
import { sessionPlugin } from '../../plugins/session';
import { sitePlugin } from '../../plugins/site';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { SiteDirectory } from '../sites/site-directory';
import { PhotoScreening } from './photo-screening';
import { PHOTO_SIZES, type PhotoSize, photoKey } from './photos.presenter';
import { photosRoutes } from './photos.routes';
import { fixedClassifier, NEUTRAL, pngDeclaring } from './photos.test-support';

/**
 * The test app of buildTestApp() signs members up; the photo routes run in an app of their own on the same
 * database (sessions live in the database, so the member's cookie works in both).
 */
async function buildPhotosApp(db: Db, storage: MediaStorage): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifyCookie);
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { db });
  await app.register(sitePlugin, { directory: new SiteDirectory(db) });
  await app.register(sessionPlugin, { secureCookies: false });
  const screening = new PhotoScreening({ db, storage, classifier: fixedClassifier(NEUTRAL), warn: () => {} });
  app.addHook('onClose', async () => screening.stop());
  await app.register(photosRoutes, { storage, screening });
  await app.ready();
  return app;
}

let ctx: TestContext;
let app: FastifyInstance;
let storage: LocalMediaStorage;
let domain: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  domain = (await ctx.createSite()).domain;
  storage = new LocalMediaStorage(path.join(ctx.dataDir, 'media'));
  app = await buildPhotosApp(ctx.database.db, storage);
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const upload = (m: TestMember | null, data: Buffer, filename = 'me.jpg', field = 'photo') => {
  const body = multipart([{ name: field, filename, type: 'image/jpeg', data }]);
  return app.inject({
    method: 'POST',
    url: '/api/photos.php',
    headers: {
      host: domain,
      'content-type': body.contentType,
      ...(m ? { cookie: m.cookie } : {}),
      ...CLIENT,
    },
    payload: body.payload,
  });
};

const list = (m: TestMember) =>
  app.inject({ method: 'GET', url: '/api/photos.php', headers: { host: domain, cookie: m.cookie } });

const put = (m: TestMember, payload: object) =>
  app.inject({
    method: 'PUT',
    url: '/api/photos.php',
    headers: { host: domain, cookie: m.cookie, ...CLIENT },
    payload,
  });

const del = (m: TestMember, id: number) =>
  app.inject({
    method: 'DELETE',
    url: '/api/photos.php',
    headers: { host: domain, cookie: m.cookie, ...CLIENT },
    payload: { id },
  });

const jpeg = (width = 1200, height = 900, background = '#c88') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function uploadOk(m: TestMember, data?: Buffer) {
  const res = await upload(m, data ?? (await jpeg()));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().photo as { id: number; main: boolean; private: boolean; status: string };
}

async function rowOf(id: number) {
  const [row] = await ctx.database.db.select().from(photos).where(eq(photos.id, id));
  return row;
}

async function storedFiles(id: number): Promise<Record<PhotoSize, Buffer | undefined>> {
  const row = await rowOf(id);
  if (!row) throw new Error(`no photo ${id}`);
  const out = {} as Record<PhotoSize, Buffer | undefined>;
  for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[])
    out[size] = await storage.get(photoKey(row.storageKey, size));
  return out;
}

describe('photo upload', () => {
  it('stores the three sizes as square JPEGs without metadata and lists the photo as main', async () => {
    const m = await createMember(ctx, domain);
    const res = await upload(m, await jpeg());
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().photo;
    // Held until the classifier has scored it ('before' is the default review mode: still pending after it).
    expect(photo).toMatchObject({ main: true, private: false, status: 'pending', width: 1200, height: 900 });
    const row = await rowOf(photo.id);
    expect(row!.storageKey).toMatch(new RegExp(`^u/${m.id}/[0-9a-f-]{36}$`));
    expect(photo.filename).toBe(`/media/${row!.storageKey}-main.jpg`);
    expect(photo.thumb_filename).toBe(`/media/${row!.storageKey}-thumb.jpg`);
    expect(photo.match).toBe(`/media/${row!.storageKey}-match.jpg`);

    const files = await storedFiles(photo.id);
    for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[]) {
      const file = files[size];
      expect(file, size).toBeDefined();
      const meta = await sharp(file!).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([PHOTO_SIZES[size].width, PHOTO_SIZES[size].height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }

    const listed = await list(m);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.json().photos).toEqual([photo]);
  });

  it('strips EXIF (GPS, copyright) and applies the EXIF orientation', async () => {
    const m = await createMember(ctx, domain);
    const withGps = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8c8' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret-owner' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '52/1 22/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '4/1 53/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(withGps.includes('secret-owner')).toBe(true);
    const input = await sharp(withGps).metadata();
    expect(input.exif).toBeDefined();
    expect(input.orientation).toBe(6);

    const photo = await uploadOk(m, withGps);
    // Orientation 6 turns the 1200x900 landscape into a 900x1200 portrait.
    expect(photo).toMatchObject({ width: 900, height: 1200 });
    const files = await storedFiles(photo.id);
    for (const file of Object.values(files)) {
      const meta = await sharp(file!).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file!.includes('secret-owner')).toBe(false);
    }
  });

  it('accepts PNG and WebP, re-encoded as JPEG', async () => {
    const m = await createMember(ctx, domain);
    const png = await sharp({ create: { width: 600, height: 900, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#36c' } })
      .webp()
      .toBuffer();
    for (const [data, name] of [
      [png, 'a.png'],
      [webp, 'b.webp'],
    ] as const) {
      const res = await upload(m, data, name);
      expect(res.statusCode, res.body).toBe(200);
      const files = await storedFiles(res.json().photo.id);
      expect((await sharp(files.main!).metadata()).format).toBe('jpeg');
    }
  });

  it('rejects what is not a JPEG, PNG or WebP by its content, whatever the name', async () => {
    const m = await createMember(ctx, domain);
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const truncated = (await jpeg()).subarray(0, 400);
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      await jpeg(),
    ]);
    for (const data of [
      Buffer.from('just some text, not a photo\n'),
      gif,
      Buffer.from(svg),
      truncated,
      fakePng,
    ]) {
      const res = await upload(m, data, 'photo.jpg');
      expect(res.statusCode, data.subarray(0, 8).toString('hex')).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'photo_invalid',
        message: 'This file is not a photo we can use. Upload a JPEG, PNG or WebP image.',
      });
    }
    const empty = await upload(m, Buffer.alloc(0));
    expect(empty.json().error.code).toBe('photo_invalid');
    const wrongField = await upload(m, await jpeg(), 'me.jpg', 'avatar');
    expect(wrongField.json().error.code).toBe('photo_invalid');
    const notMultipart = await app.inject({
      method: 'POST',
      url: '/api/photos.php',
      headers: { host: domain, cookie: m.cookie, ...CLIENT },
      payload: { photo: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().error.code).toBe('photo_invalid');
    expect((await list(m)).json().photos).toEqual([]);
  });

  it('neutralises a polyglot: the stored files carry none of the appended payload', async () => {
    const m = await createMember(ctx, domain);
    const script = '<script>alert(1)</script><html><body>hi</body></html>';
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
    const polyglot = Buffer.concat([
      await jpeg(300, 300),
      Buffer.from(script),
      zip,
      Buffer.from('PKpayload'),
    ]);
    const res = await upload(m, polyglot);
    expect(res.statusCode, res.body).toBe(200);
    const files = await storedFiles(res.json().photo.id);
    for (const file of Object.values(files)) {
      expect(file!.includes('<script>')).toBe(false);
      expect(file!.includes(zip.subarray(0, 4))).toBe(false);
      expect(file!.includes('PKpayload')).toBe(false);
      // A JPEG ends with its EOI marker: nothing follows the image.
      expect(file!.subarray(-2).toString('hex')).toBe('ffd9');
    }
  });

  it('rejects more than 25 megapixels and more than 15 MB as too large', async () => {
    const m = await createMember(ctx, domain);
    const bomb = await upload(m, await pngDeclaring(20_000, 20_000), 'bomb.png');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error).toMatchObject({
      code: 'photo_too_large',
      message:
        'This photo is too large. Upload a photo of at most 15 MB and 25 megapixels, with no side longer than 10000 pixels.',
    });
    // A real image just over the limit (6000 x 4500 compresses to a small PNG).
    const wide = await sharp({ create: { width: 6_000, height: 4_500, channels: 3, background: '#ddd' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await upload(m, wide, 'wide.png')).json().error.code).toBe('photo_too_large');

    const big = Buffer.concat([await jpeg(200, 200), randomBytes(15 * 1024 * 1024 + 10)]);
    const tooBig = await upload(m, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.code).toBe('photo_too_large');
    expect((await list(m)).json().photos).toEqual([]);
  });

  it('accepts a photo larger than the JSON body limit (1 MB)', async () => {
    const m = await createMember(ctx, domain);
    const noisy = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 98 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1_100_000);
    await uploadOk(m, noisy);
  });
});

describe('photo limit', () => {
  it('stops a free member at 3 photos with a translated message; a premium member can upload a 4th', async () => {
    const free = await createMember(ctx, domain);
    for (let i = 0; i < 3; i++) await uploadOk(free);
    const fourth = await upload(free, await jpeg());
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.code).toBe('photo_limit');
    expect(fourth.json().error.message).toBe('You can upload at most 3 photos.');
    expect((await list(free)).json().photos).toHaveLength(3);

    const premium = await createMember(ctx, domain);
    await ctx.database.db.update(users).set({ paidUser: true }).where(eq(users.id, premium.id));
    for (let i = 0; i < 4; i++) await uploadOk(premium);
    expect((await list(premium)).json().photos).toHaveLength(4);
  });

  it('concurrent uploads cannot pass the limit', async () => {
    const m = await createMember(ctx, domain);
    await uploadOk(m);
    await uploadOk(m);
    const image = await jpeg();
    const results = await Promise.all([upload(m, image), upload(m, image), upload(m, image)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const rows = await ctx.database.db.select().from(photos).where(eq(photos.userId, m.id));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.isMain)).toHaveLength(1);
    // The files of the refused uploads are removed again: 3 photos x 3 sizes.
    expect(await readdir(path.join(storage.root, 'u', String(m.id)))).toHaveLength(9);
  });
});

describe('main, private and delete', () => {
  it('switches the main photo, keeps private photos from being main and promotes on delete', async () => {
    const m = await createMember(ctx, domain);
    const first = await uploadOk(m);
    const second = await uploadOk(m);
    const third = await uploadOk(m);
    expect([first.main, second.main, third.main]).toEqual([true, false, false]);

    const switched = await put(m, { id: second.id, main: true });
    expect(switched.statusCode, switched.body).toBe(200);
    const mains = (switched.json().photos as { id: number; main: boolean }[]).filter((p) => p.main);
    expect(mains.map((p) => p.id)).toEqual([second.id]);
    expect(switched.json().photos[0].id).toBe(second.id);

    expect((await put(m, { id: third.id, private: true })).statusCode).toBe(200);
    const refused = await put(m, { id: third.id, main: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('photo_private_main');
    expect((await put(m, { id: first.id, main: true, private: true })).statusCode).toBe(400);
    expect((await rowOf(second.id))!.isMain).toBe(true);

    // Making the main photo private hands the main role to the newest other public photo.
    await put(m, { id: second.id, private: true });
    expect(await rowOf(second.id)).toMatchObject({ isMain: false, isPrivate: true });
    expect((await rowOf(first.id))!.isMain).toBe(true);

    // Deleting the main photo: the newest remaining public photo (here: `third`, made public again) takes over.
    await put(m, { id: third.id, private: false });
    const filesOfFirst = await storedFiles(first.id);
    const firstStem = (await rowOf(first.id))!.storageKey;
    expect(Object.values(filesOfFirst).every(Boolean)).toBe(true);
    const removed = await del(m, first.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await rowOf(first.id)).toBeUndefined();
    for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[])
      expect(await storage.get(photoKey(firstStem, size))).toBeUndefined();
    expect((await rowOf(third.id))!.isMain).toBe(true);
    expect((await rowOf(second.id))!.isMain).toBe(false);

    // Only private photos left after deleting the main: no main photo.
    await del(m, third.id);
    expect((await list(m)).json().photos).toMatchObject([{ id: second.id, main: false, private: true }]);
    // A new upload becomes main again.
    expect((await uploadOk(m)).main).toBe(true);
    expect((await del(m, third.id)).statusCode).toBe(404);
  });

  it('validates the bodies', async () => {
    const m = await createMember(ctx, domain);
    const photo = await uploadOk(m);
    expect((await put(m, { id: photo.id, main: false })).statusCode).toBe(400);
    expect((await put(m, { id: 'abc' })).statusCode).toBe(400);
    expect((await del(m, -1)).statusCode).toBe(400);
  });
});

describe('own photos only', () => {
  it("another member can neither change nor delete a member's photo, and lists only their own", async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const aMain = await uploadOk(a);
    const aSecond = await uploadOk(a);
    const bPhoto = await uploadOk(b);
    const before = await rowOf(aMain.id);

    for (const res of [
      await put(b, { id: aSecond.id, main: true }),
      await put(b, { id: aMain.id, private: true }),
      await del(b, aMain.id),
      await del(b, aSecond.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect(await rowOf(aMain.id)).toEqual(before);
    expect((await rowOf(aSecond.id))!.isMain).toBe(false);
    expect(Object.values(await storedFiles(aMain.id)).every(Boolean)).toBe(true);
    expect((await rowOf(bPhoto.id))!.isMain).toBe(true);

    expect((await list(b)).json().photos.map((p: { id: number }) => p.id)).toEqual([bPhoto.id]);
    expect((await list(a)).json().photos.map((p: { id: number }) => p.id)).toEqual([aMain.id, aSecond.id]);
  });

  it('answers 403 authentication_required without a session', async () => {
    const a = await createMember(ctx, domain);
    const photo = await uploadOk(a);
    const anon = { host: domain, ...CLIENT };
    const calls = [
      await app.inject({ method: 'GET', url: '/api/photos.php', headers: { host: domain } }),
      await upload(null, await jpeg()),
      await app.inject({
        method: 'PUT',
        url: '/api/photos.php',
        headers: anon,
        payload: { id: photo.id, main: true },
      }),
      await app.inject({ method: 'PUT', url: '/api/photos.php', headers: anon, payload: {} }),
      await app.inject({
        method: 'DELETE',
        url: '/api/photos.php',
        headers: anon,
        payload: { id: photo.id },
      }),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('authentication_required');
    }
    expect(await rowOf(photo.id)).toBeDefined();
  });
});
