import { afterAll, describe, expect, it } from 'vitest';
import { VERIFICATION_RULES } from '../../../shared/rules-verification';
import { FaceApiReader, type FaceReading } from './face-analyzer';
import {
  decideVerification,
  faceDistance,
  mainPhotoStillMatches,
  showsPose,
  singleFace,
} from './face-decision';
import { demoFace } from './verification.test-images';

// The real face model (face-api on the WASM backend, in its worker thread) on demo portraits made here.
const reader = new FaceApiReader();
afterAll(() => reader.close());

const read = (image: Buffer, expressions = false) => reader.read(image, { expressions });

describe('verification decision on images', () => {
  it('two renders of the same demo portrait match; the tilt asked for is seen', async () => {
    const photo = await read(await demoFace(3, 'female'));
    const selfie = await read(await demoFace(3, 'female', { size: 480, brightness: 1.1, tilt: 15 }), true);
    expect(selfie).toHaveLength(1);
    expect(selfie[0]?.roll).toBeGreaterThan(VERIFICATION_RULES.tiltDegrees);
    const outcome = decideVerification({
      challenge: 'tilt_left',
      selfie,
      photos: [{ photoId: 7, faces: photo }],
    });
    expect(outcome).toMatchObject({ kind: 'verified', photoId: 7 });
    expect(outcome.distance).toBeLessThanOrEqual(VERIFICATION_RULES.matchDistance);
    // The other way round is a tilt to the right.
    const right = await read(await demoFace(3, 'female', { tilt: -15 }), true);
    expect(
      decideVerification({ challenge: 'tilt_right', selfie: right, photos: [{ photoId: 7, faces: photo }] })
        .kind,
    ).toBe('verified');
  }, 90_000);

  it('different portraits do not match', async () => {
    const photo = await read(await demoFace(2, 'male'));
    const selfie = await read(await demoFace(3, 'female', { tilt: 15 }), true);
    const outcome = decideVerification({
      challenge: 'tilt_left',
      selfie,
      photos: [{ photoId: 1, faces: photo }],
    });
    expect(outcome.kind).not.toBe('verified');
    expect(outcome.distance).toBeGreaterThan(VERIFICATION_RULES.matchDistance);
  }, 90_000);

  it('a photo without the requested pose is refused, even of the right face', async () => {
    const photoImage = await demoFace(3, 'female');
    const photo = await read(photoImage);
    // The stored profile photo itself, held up to the camera: upright, not tilted.
    const printed = await read(await demoFace(3, 'female', { size: 520 }), true);
    for (const challenge of ['tilt_left', 'tilt_right'] as const)
      expect(
        decideVerification({ challenge, selfie: printed, photos: [{ photoId: 1, faces: photo }] }),
      ).toMatchObject({
        kind: 'rejected',
        reason: 'pose_not_seen',
      });
    // Tilted the wrong way is refused too.
    const wrongWay = await read(await demoFace(3, 'female', { tilt: -15 }), true);
    expect(
      decideVerification({
        challenge: 'tilt_left',
        selfie: wrongWay,
        photos: [{ photoId: 1, faces: photo }],
      }),
    ).toMatchObject({
      kind: 'rejected',
      reason: 'pose_not_seen',
    });
  }, 90_000);

  it('an image without a face is refused as such', async () => {
    const sharp = (await import('sharp')).default;
    const blank = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c8b0a0' } })
      .jpeg()
      .toBuffer();
    const photo = await read(await demoFace(3, 'female'));
    expect(
      decideVerification({
        challenge: 'smile',
        selfie: await read(blank, true),
        photos: [{ photoId: 1, faces: photo }],
      }),
    ).toMatchObject({
      kind: 'rejected',
      reason: 'no_face',
    });
  }, 90_000);
});

const face = (over: Partial<FaceReading>): FaceReading => ({
  score: 0.9,
  box: { x: 0, y: 0, width: 100, height: 100 },
  roll: 0,
  happy: 0,
  descriptor: new Array(128).fill(0),
  ...over,
});

describe('verification decision rules', () => {
  const d = (x: number) => [x, ...new Array(127).fill(0)];

  it('gives the badge, asks a moderator or refuses by the closest photo', () => {
    const selfie = [face({ roll: 12, descriptor: d(0) })];
    const photos = (x: number) => [{ photoId: 5, faces: [face({ descriptor: d(x) })] }];
    expect(decideVerification({ challenge: 'tilt_left', selfie, photos: photos(0.3) }).kind).toBe('verified');
    expect(decideVerification({ challenge: 'tilt_left', selfie, photos: photos(0.5) }).kind).toBe('review');
    expect(decideVerification({ challenge: 'tilt_left', selfie, photos: photos(0.8) })).toMatchObject({
      kind: 'rejected',
      reason: 'no_match',
    });
    expect(
      decideVerification({ challenge: 'tilt_left', selfie, photos: [{ photoId: 1, faces: [] }] }),
    ).toMatchObject({
      kind: 'rejected',
      reason: 'no_photo_face',
    });
    expect(
      decideVerification({
        challenge: 'tilt_left',
        selfie,
        photos: [...photos(0.8), { photoId: 9, faces: [face({ descriptor: d(0.1) })] }],
      }),
    ).toMatchObject({ kind: 'verified', photoId: 9 });
  });

  it('refuses two faces of a size, ignores a small one behind', () => {
    expect(singleFace([face({}), face({})])).toBe('several_faces');
    const small = face({ box: { x: 0, y: 0, width: 30, height: 30 } });
    expect(singleFace([face({}), small])).not.toBe('several_faces');
    expect(singleFace([face({ score: 0.2 })])).toBe('no_face');
  });

  it('tells the poses apart', () => {
    expect(showsPose(face({ roll: 10 }), 'tilt_left')).toBe(true);
    expect(showsPose(face({ roll: 10 }), 'tilt_right')).toBe(false);
    expect(showsPose(face({ roll: -10 }), 'tilt_right')).toBe(true);
    expect(showsPose(face({ happy: 0.9 }), 'smile')).toBe(true);
    expect(showsPose(face({ happy: 0.1 }), 'smile')).toBe(false);
    expect(faceDistance(d(0), d(0.3))).toBeCloseTo(0.3);
    expect(mainPhotoStillMatches(d(0), [face({ descriptor: d(0.2) })])).toBe(true);
    expect(mainPhotoStillMatches(d(0), [face({ descriptor: d(0.7) })])).toBe(false);
    expect(mainPhotoStillMatches(d(0), [])).toBe(false);
  });
});
