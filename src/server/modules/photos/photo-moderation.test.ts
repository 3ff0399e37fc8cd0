import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NsfwScores } from '../../../shared/schemas/admin-photos';
import { photos, type Site, staffAuditLog } from '../../db/schema';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { signInStaffAs } from '../../test/staff';
import { buildTestApp, type TestContext } from '../../test/test-app';
import type { PhotoClassifier } from './photo-classifier';
import { EXPLICIT, NEUTRAL } from './photos.test-support';

/** The scores the next photos get; null: the classifier cannot score (as when the model does not load). */
let nextScores: NsfwScores | null = NEUTRAL;
const classifier: PhotoClassifier = {
  async classify() {
    if (!nextScores) throw new Error('model unavailable');
    return nextScores;
  },
};

let ctx: TestContext;
let before: Site;
let after: Site;
let moderator: { id: number; headers: Record<string, string> };
beforeAll(async () => {
  ctx = await buildTestApp({}, { photoClassifier: classifier });
  before = await ctx.createSite({ photoReview: 'before' });
  after = await ctx.createSite({ photoReview: 'after' });
  const a = await signInStaffAs(ctx.app, 'moderator');
  moderator = { id: a.staff.id, headers: a.headers };
});
afterAll(async () => {
  await ctx?.close();
});

const jpeg = (hue: number) =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 200, g: hue, b: 150 } } })
    .jpeg()
    .toBuffer();

interface OwnPhoto {
  id: number;
  main: boolean;
  status: string;
  filename: string;
  reject_reason: string | null;
  reject_note: string | null;
}

async function upload(m: TestMember, site: Site, scores: NsfwScores | null = NEUTRAL): Promise<OwnPhoto> {
  nextScores = scores;
  const body = multipart([{ name: 'photo', filename: 'me.jpg', type: 'image/jpeg', data: await jpeg(100) }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    headers: { host: site.domain, cookie: m.cookie, 'content-type': body.contentType, ...CLIENT },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().photo.status).toBe('pending');
  await ctx.app.photoScreening.idle();
  return res.json().photo;
}

const ownPhotos = async (m: TestMember, site: Site): Promise<OwnPhoto[]> =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/photos.php',
      headers: { host: site.domain, cookie: m.cookie },
    })
  ).json().photos;

/** What another member sees of `m`: the photos of the profile and the main image. */
async function seenBy(viewer: TestMember, m: TestMember, site: Site) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/member.php?id=${m.id}`,
    headers: { host: site.domain, cookie: viewer.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().profile.photos as { filename: string }[]).map((p) => p.filename);
}

const fileStatus = async (url: string, cookie?: string) =>
  (await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).statusCode;

const queue = (query = '', headers = moderator.headers) =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/photos.php${query}`, headers });

const decide = (payload: object, headers = moderator.headers) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/photos.php', headers, payload });

const row = async (id: number) => (await ctx.database.db.select().from(photos).where(eq(photos.id, id)))[0]!;

describe('photo moderation', () => {
  it("holds a photo on a 'before' site until approved: the owner sees it pending, nobody else sees it", async () => {
    const owner = await createMember(ctx, before.domain);
    const viewer = await createMember(ctx, before.domain);
    const photo = await upload(owner, before);
    expect(await row(photo.id)).toMatchObject({
      status: 'pending',
      screening: 'scored',
      review: 'queued',
      flagged: false,
      isMain: true,
      nsfwScores: NEUTRAL,
    });
    expect((await ownPhotos(owner, before))[0]).toMatchObject({
      id: photo.id,
      status: 'pending',
      main: true,
    });
    expect(await seenBy(viewer, owner, before)).toEqual([]);
    const file = new URL(photo.filename, 'http://x').pathname;
    expect(await fileStatus(file, viewer.cookie)).toBe(404);
    expect(await fileStatus(file)).toBe(404);
    expect(await fileStatus(file, owner.cookie)).toBe(200);

    // In the queue, with the member, the site and the scores; only on its own site's filter.
    const listed = (await queue(`?status=pending&site=${before.id}`)).json();
    const item = listed.photos.find((p: { id: number }) => p.id === photo.id);
    expect(item).toMatchObject({
      member: { id: owner.id, name: owner.name },
      site: { id: before.id, photo_review: 'before' },
      status: 'pending',
      screening: 'scored',
      scores: NEUTRAL,
      flagged: false,
    });
    expect((await queue(`?site=${after.id}`)).json().photos.map((p: { id: number }) => p.id)).not.toContain(
      photo.id,
    );

    const approved = await decide({ id: photo.id, action: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().photo).toMatchObject({ status: 'active', review: 'approved' });
    expect(await seenBy(viewer, owner, before)).toEqual([photo.filename]);
    expect(await fileStatus(file)).toBe(200);
    const [audit] = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'photo.approve'), eq(staffAuditLog.targetId, String(photo.id))));
    expect(audit).toMatchObject({
      staffId: moderator.id,
      targetType: 'photo',
      siteId: before.id,
      before: { status: 'pending', review: 'queued' },
      after: { status: 'active', review: 'approved', main: true },
    });
    // Decided: out of the queue; deciding again is a conflict.
    expect((await queue()).json().photos.map((p: { id: number }) => p.id)).not.toContain(photo.id);
    expect((await decide({ id: photo.id, action: 'approve' })).statusCode).toBe(409);
  });

  it('lists the queue oldest first, paged', async () => {
    const owner = await createMember(ctx, before.domain);
    const first = await upload(owner, before);
    const next = await upload(owner, before);
    const ids = (await queue(`?site=${before.id}`)).json().photos.map((p: { id: number }) => p.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(next.id));
    const page = (await queue(`?site=${before.id}&page=99`)).json();
    expect(page).toMatchObject({ photos: [], page: 99, page_size: 20 });
    expect(page.total).toBeGreaterThanOrEqual(2);
  });

  it("makes a photo public at once on an 'after' site, still queued for a look", async () => {
    const owner = await createMember(ctx, after.domain);
    const viewer = await createMember(ctx, after.domain);
    const photo = await upload(owner, after);
    expect(await row(photo.id)).toMatchObject({ status: 'active', review: 'queued', screening: 'scored' });
    expect(await seenBy(viewer, owner, after)).toEqual([photo.filename]);
    const listed = (await queue(`?site=${after.id}`)).json().photos;
    expect(listed.find((p: { id: number }) => p.id === photo.id)).toMatchObject({ status: 'active' });
  });

  it('never makes an explicit photo public, whatever the mode: flagged in the queue with its score', async () => {
    const owner = await createMember(ctx, after.domain);
    const viewer = await createMember(ctx, after.domain);
    const photo = await upload(owner, after, EXPLICIT);
    expect(await row(photo.id)).toMatchObject({ status: 'pending', flagged: true, review: 'queued' });
    expect(await seenBy(viewer, owner, after)).toEqual([]);
    const listed = (await queue(`?site=${after.id}`)).json().photos;
    expect(listed.find((p: { id: number }) => p.id === photo.id)).toMatchObject({
      flagged: true,
      scores: EXPLICIT,
    });
    // The database refuses it too: a flagged photo is public only once a moderator approved it.
    await expect(
      ctx.database.db.update(photos).set({ status: 'active' }).where(eq(photos.id, photo.id)),
    ).rejects.toThrow();
  });

  it('holds a photo the classifier could not score, without a score', async () => {
    const owner = await createMember(ctx, after.domain);
    const photo = await upload(owner, after, null);
    expect(await row(photo.id)).toMatchObject({
      status: 'pending',
      screening: 'failed',
      review: 'queued',
      nsfwScores: null,
    });
    const listed = (await queue(`?site=${after.id}`)).json().photos;
    expect(listed.find((p: { id: number }) => p.id === photo.id)).toMatchObject({
      screening: 'failed',
      scores: null,
    });
  });
});
