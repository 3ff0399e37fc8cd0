import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_RULES } from '../../../shared/rules-verification';
import { faceVerifications, profiles, type Site, users, verifiedMembers } from '../../db/schema';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { signInStaffAs } from '../../test/staff';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { fixedClassifier, NEUTRAL } from '../photos/photos.test-support';
import { grantBadge, startVerification, verificationStatus } from './verification.service';
import { demoFace, selfieTilt } from './verification.test-images';

// The badge's life cycle through the API, with the real face model on demo portraits made here.
let ctx: TestContext;
let site: Site;
let moderator: Record<string, string>;
beforeAll(async () => {
  ctx = await buildTestApp({}, { photoClassifier: fixedClassifier(NEUTRAL) });
  site = await ctx.createSite({ photoReview: 'after' });
  moderator = (await signInStaffAs(ctx.app, 'moderator')).headers;
});
afterAll(async () => {
  await ctx?.close();
});

const headers = (m: TestMember) => ({ host: site.domain, cookie: m.cookie, ...CLIENT });

async function upload(m: TestMember, image: Buffer): Promise<number> {
  const body = multipart([{ name: 'photo', filename: 'me.jpg', type: 'image/jpeg', data: image }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    headers: { ...headers(m), 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.app.photoScreening.idle();
  return res.json().photo.id;
}

const status = async (m: TestMember) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/verification.php', headers: headers(m) })).json();

/** A challenge the demo portraits can answer (a tilt; a smile is asked again: a new challenge costs no attempt). */
async function tiltChallenge(m: TestMember): Promise<{ id: number; challenge: 'tilt_left' | 'tilt_right' }> {
  for (let i = 0; i < 30; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/verification.php',
      headers: headers(m),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const attempt = res.json();
    if (attempt.challenge !== 'smile') return attempt;
  }
  throw new Error('no tilt challenge in 30 tries');
}

async function sendSelfie(m: TestMember, id: number, image: Buffer) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/verification-selfie.php',
    headers: headers(m),
    payload: { id, image: `data:image/jpeg;base64,${image.toString('base64')}` },
  });
  await ctx.app.verificationRunner.idle();
  return res;
}

const seen = async (viewer: TestMember, m: TestMember) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/member.php?id=${m.id}`, headers: headers(viewer) })
  ).json().profile;

describe('photo verification', () => {
  it('a matching selfie in the pose asked for gives the badge; the selfie is deleted', async () => {
    const m = await createMember(ctx, site.domain);
    expect(await status(m)).toMatchObject({ verified: false, blocked: 'no_photo' });
    await upload(m, await demoFace(3, 'female'));
    expect(await status(m)).toMatchObject({
      verified: false,
      blocked: null,
      attempts_left: VERIFICATION_RULES.attemptsPerDay,
    });
    const attempt = await tiltChallenge(m);
    const res = await sendSelfie(
      m,
      attempt.id,
      await demoFace(3, 'female', { size: 480, tilt: selfieTilt(attempt.challenge) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('checking');
    const after = await status(m);
    expect(after).toMatchObject({
      verified: true,
      blocked: 'verified',
      latest: { id: attempt.id, status: 'verified' },
    });
    const [row] = await ctx.app.db
      .select()
      .from(faceVerifications)
      .where(eq(faceVerifications.id, attempt.id));
    expect(row?.selfieKey).toBeNull();
    expect(row?.descriptor).toBeNull();
    // Others see the badge.
    const viewer = await createMember(ctx, site.domain);
    expect((await seen(viewer, m)).verified).toBe(true);
    // The search's "verified only" filter lists the member and nobody unverified; the card carries the badge. (The
    // member base is shared by the sites of a niche: on a reused database other tests' verified members show too.)
    const search = async (verified: boolean) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/search.php?gender=any&country=any&min_age=18&max_age=99${verified ? '&verified=1' : ''}`,
          headers: headers(viewer),
        })
      ).json();
    const onlyVerified = await search(true);
    expect(onlyVerified.profiles.map((p: { id: number }) => p.id)).toContain(m.id);
    expect(onlyVerified.profiles.every((p: { verified: boolean }) => p.verified)).toBe(true);
    expect(onlyVerified.filters.verified).toBe(true);
    const unverified = await createMember(ctx, site.domain);
    await upload(unverified, await demoFace(5, 'female'));
    const everyone = (await search(false)).profiles.map((p: { id: number }) => p.id);
    expect(everyone).toEqual(expect.arrayContaining([m.id, unverified.id]));
    const verifiedIds = (await search(true)).profiles.map((p: { id: number }) => p.id);
    expect(verifiedIds).toContain(m.id);
    expect(verifiedIds).not.toContain(unverified.id);

    // A new main photo of another face holds the badge back until a moderator looks at it.
    const other = await upload(m, await demoFace(2, 'male'));
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/photos.php',
      headers: headers(m),
      payload: { id: other, main: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    await ctx.app.verificationRunner.recheckMainPhotos();
    expect(await status(m)).toMatchObject({ verified: false, suspended: true });
    expect((await seen(viewer, m)).verified).toBe(false);
    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/verifications.php',
      headers: moderator,
    });
    const item = queue.json().items.find((i: { member: { id: number } }) => i.member.id === m.id);
    expect(item).toMatchObject({ cause: 'main_photo_changed', selfie_image: null });
    const img = await ctx.app.inject({ method: 'GET', url: item.photo_image, headers: moderator });
    expect(img.statusCode).toBe(200);
    // Members never reach the console's images.
    expect(
      (await ctx.app.inject({ method: 'GET', url: item.photo_image, headers: headers(m) })).statusCode,
    ).not.toBe(200);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/verifications.php',
      headers: moderator,
      payload: { id: item.id, action: 'approve' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await status(m)).toMatchObject({ verified: true, suspended: false });
    // Checked once: the same main photo is not queued again.
    await ctx.app.verificationRunner.recheckMainPhotos();
    expect(await status(m)).toMatchObject({ verified: true });
  }, 120_000);

  it('another face is not verified; an unclear one waits for a moderator with both images', async () => {
    const m = await createMember(ctx, site.domain);
    await upload(m, await demoFace(2, 'male'));
    const attempt = await tiltChallenge(m);
    await sendSelfie(m, attempt.id, await demoFace(3, 'female', { tilt: selfieTilt(attempt.challenge) }));
    const s = await status(m);
    expect(s.verified).toBe(false);
    expect(['review', 'rejected']).toContain(s.latest.status);
    if (s.latest.status === 'review') {
      expect(s.blocked).toBe('pending');
      const queue = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/verifications.php',
        headers: moderator,
      });
      const item = queue.json().items.find((i: { id: number }) => i.id === attempt.id);
      expect(item).toMatchObject({ cause: 'selfie' });
      expect(
        (await ctx.app.inject({ method: 'GET', url: item.selfie_image, headers: moderator })).statusCode,
      ).toBe(200);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/verifications.php',
        headers: moderator,
        payload: { id: item.id, action: 'reject' },
      });
      expect((await status(m)).latest).toMatchObject({ status: 'rejected', reason: 'moderator' });
    }
    const [row] = await ctx.app.db
      .select()
      .from(faceVerifications)
      .where(eq(faceVerifications.id, attempt.id));
    expect(row?.selfieKey).toBeNull();
  }, 120_000);

  it('refuses a selfie without the pose, says why, and allows only a few a day', async () => {
    const m = await createMember(ctx, site.domain);
    await upload(m, await demoFace(3, 'female'));
    for (let i = 0; i < VERIFICATION_RULES.attemptsPerDay; i++) {
      const attempt = await tiltChallenge(m);
      const res = await sendSelfie(m, attempt.id, await demoFace(3, 'female'));
      expect(res.statusCode, res.body).toBe(200);
      expect((await status(m)).latest).toMatchObject({ status: 'rejected', reason: 'pose_not_seen' });
    }
    expect(await status(m)).toMatchObject({ attempts_left: 0, blocked: 'attempts_used' });
    const more = await ctx.app.inject({
      method: 'POST',
      url: '/api/verification.php',
      headers: headers(m),
      payload: {},
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.code ?? more.json().code).toBeDefined();
  }, 120_000);

  it('checks ownership and the image', async () => {
    const a = await createMember(ctx, site.domain);
    const b = await createMember(ctx, site.domain);
    await upload(a, await demoFace(3, 'female'));
    const attempt = await tiltChallenge(a);
    const image = await demoFace(3, 'female', { size: 200 });
    expect((await sendSelfie(b, attempt.id, image)).statusCode).toBe(404);
    expect(
      (await sendSelfie(a, attempt.id, Buffer.from('not a jpeg at all, just text'.repeat(10)))).statusCode,
    ).toBe(400);
    // Unanswered in time: expired, the cleanup job says so.
    await ctx.app.db
      .update(faceVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(faceVerifications.id, attempt.id));
    expect((await sendSelfie(a, attempt.id, image)).statusCode).toBe(409);
    await ctx.app.verificationRunner.cleanUp();
    expect((await status(a)).latest.status).toBe('expired');
  }, 60_000);

  it('fictional, cam and resell profiles can never be verified', async () => {
    for (const kind of ['fictional', 'cam', 'resell'] as const) {
      const m = await createMember(ctx, site.domain);
      // Staff-kept profiles have no password (a database rule): they never sign in, the service refuses them.
      await ctx.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, m.id));
      await ctx.app.db.update(profiles).set({ kind }).where(eq(profiles.userId, m.id));
      expect((await verificationStatus(ctx.app.db, m.id)).blocked).toBe('not_a_member');
      await expect(startVerification(ctx.app.db, m.id)).rejects.toMatchObject({
        code: 'verification_not_allowed',
      });
      await expect(
        grantBadge(ctx.app.db, { userId: m.id, verificationId: null, descriptor: [0], checkedPhotoId: null }),
      ).rejects.toMatchObject({
        code: 'verification_not_allowed',
      });
      const [row] = await ctx.app.db.select().from(verifiedMembers).where(eq(verifiedMembers.userId, m.id));
      expect(row).toBeUndefined();
    }
  });
});
