import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { RULES } from '../../../shared/rules';
import { PHOTO_UPLOAD } from '../../../shared/schemas/photos';
import { users } from '../../db/schema';
import { imageQueue } from '../../lib/images';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { type TestContext, withTestSite } from '../../test/test-app';
import { pngDeclaring } from './photos.test-support';

/**
 * Uploads cannot starve the server: oversized images are refused from their header before any pixel is decoded,
 * and the image work runs through a small queue that answers 503 when it is full.
 */

// Counts the sharp pipelines that produce pixels from an uploaded file (an instance made from a Buffer, or a clone of
// one, whose output is asked for); reading the header (`metadata()`) does not count.
const pixelWork = vi.hoisted(() => ({ count: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<typeof import('sharp')>()).default;
  type Instance = ReturnType<typeof real>;
  const counted = (instance: Instance): Instance => {
    const toBuffer = instance.toBuffer.bind(instance) as (...a: unknown[]) => unknown;
    const clone = instance.clone.bind(instance);
    return Object.assign(instance, {
      toBuffer: (...a: unknown[]) => {
        pixelWork.count++;
        return toBuffer(...a);
      },
      clone: () => counted(clone()),
    });
  };
  const counting = new Proxy(real, {
    apply(target, thisArg, args: Parameters<typeof real>) {
      const instance = Reflect.apply(target, thisArg, args) as Instance;
      return Buffer.isBuffer(args[0]) ? counted(instance) : instance;
    },
  });
  return { default: counting };
});

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const upload = (m: TestMember, data: Buffer, language = 'en') => {
  const body = multipart([{ name: 'photo', filename: 'me.png', type: 'image/png', data }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    headers: {
      host: domain,
      cookie: m.cookie,
      'accept-language': language,
      'content-type': body.contentType,
      ...CLIENT,
    },
    payload: body.payload,
  });
};

const solidJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#b97' } })
    .jpeg()
    .toBuffer();

async function premiumMember(): Promise<TestMember> {
  const m = await createMember(ctx, domain);
  await ctx.database.db.update(users).set({ paidUser: true }).where(eq(users.id, m.id));
  return m;
}

describe('pixel limits read from the header', () => {
  it('refuses a 65000 x 600 PNG quickly, without decoding it, with a translated 400', async () => {
    const m = await createMember(ctx, domain);
    // Small on disk (about 115 kB), 39 MP once decoded: it used to take seconds of CPU per upload.
    const wide = await sharp({ create: { width: 65_000, height: 600, channels: 3, background: '#ddd' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(wide.length).toBeLessThan(PHOTO_UPLOAD.maxBytes);

    pixelWork.count = 0;
    const started = performance.now();
    const res = await upload(m, wide, 'de');
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'photo_too_large',
      message:
        'Dieses Foto ist zu groß. Lade ein Foto mit höchstens 15 MB und 25 Megapixeln hoch, keine Seite länger als 10000 Pixel.',
    });
    expect(pixelWork.count).toBe(0);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('refuses a side over 10000 px and over 25 MP in all from the header alone', async () => {
    const m = await createMember(ctx, domain);
    pixelWork.count = 0;
    for (const [width, height] of [
      [RULES.photos.maxSidePx + 1, 100],
      [100, RULES.photos.maxSidePx + 1],
      [6_000, 4_500], // 27 MP, both sides within the limit
    ] as const) {
      const res = await upload(m, await pngDeclaring(width, height));
      expect(res.statusCode, `${width}x${height}`).toBe(400);
      expect(res.json().error.code).toBe('photo_too_large');
    }
    expect(pixelWork.count).toBe(0);
  });

  it('accepts the largest default phone photo (24 MP, 5712 x 4284) and stores it as before', async () => {
    const m = await createMember(ctx, domain);
    const photo = await solidJpeg(5_712, 4_284);
    pixelWork.count = 0;
    const res = await upload(m, photo);
    expect(res.statusCode, res.body).toBe(200);
    expect(pixelWork.count).toBeGreaterThan(0);
    expect(res.json().photo).toMatchObject({ width: 5_712, height: 4_284, main: true });
  });
});

describe('image work queue', () => {
  it('runs images one at a time, each on one libvips thread', () => {
    expect(RULES.photos.processing.concurrent).toBe(1);
    expect(sharp.concurrency()).toBe(RULES.photos.processing.threadsPerImage);
  });

  it('answers uploads beyond the queue 503 with Retry-After and a translated message; the waiting ones succeed', async () => {
    const m = await premiumMember();
    const { concurrent, maxWaiting, retryAfterSeconds } = RULES.photos.processing;
    const image = await solidJpeg(1_200, 900);

    // Long image work in progress: every processing slot is taken until released.
    const releases: Array<() => void> = [];
    const held = Array.from({ length: concurrent }, () =>
      imageQueue.run(() => new Promise<void>((resolve) => releases.push(resolve))),
    );
    const overflow = 3;
    const answered: LightMyRequestResponse[] = [];
    const responses = Array.from({ length: maxWaiting + overflow }, () =>
      upload(m, image, 'nl').then((res) => {
        answered.push(res);
        return res;
      }),
    );
    // The refused uploads are answered at once, while the others wait for a slot. (Reaching the queue takes each
    // upload a session, a body and a database read: beyond vi.waitFor's 1-s default on a loaded machine.)
    await vi.waitFor(
      () => {
        expect(answered).toHaveLength(overflow);
        expect(imageQueue.waiting).toBe(maxWaiting);
      },
      { timeout: 20_000, interval: 50 },
    );
    for (const res of answered) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
      expect(res.json().error).toEqual({
        code: 'photo_busy',
        message: "Er worden op dit moment veel foto's verwerkt. Probeer het over een minuut opnieuw.",
      });
    }

    for (const release of releases) release();
    await Promise.all(held);
    const done = await Promise.all(responses);
    expect(done.filter((r) => r.statusCode === 200)).toHaveLength(maxWaiting);
    expect(imageQueue.running).toBe(0);
    expect(imageQueue.waiting).toBe(0);
  });
});
