import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationDecisions, outbox, photos, type Site, staffAuditLog } from '../../db/schema';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { signInStaff, signInStaffAs } from '../../test/staff';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { fixedClassifier, NEUTRAL } from './photos.test-support';

let ctx: TestContext;
let site: Site;
let moderator: { id: number; headers: Record<string, string> };
beforeAll(async () => {
  ctx = await buildTestApp({}, { photoClassifier: fixedClassifier(NEUTRAL) });
  site = await ctx.createSite({ photoReview: 'before' });
  const a = await signInStaffAs(ctx.app, 'moderator');
  moderator = { id: a.staff.id, headers: a.headers };
});
afterAll(async () => {
  await ctx?.close();
});

async function upload(m: TestMember): Promise<number> {
  const data = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#c98' } })
    .jpeg()
    .toBuffer();
  const body = multipart([{ name: 'photo', filename: 'me.jpg', type: 'image/jpeg', data }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    headers: { host: site.domain, cookie: m.cookie, 'content-type': body.contentType, ...CLIENT },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.app.photoScreening.idle();
  return res.json().photo.id;
}

const decide = (payload: object, headers = moderator.headers) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/photos.php', headers, payload });

const mainOf = async (userId: number) =>
  (
    await ctx.database.db
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.userId, userId), eq(photos.isMain, true)))
  ).map((r) => r.id);

const ownPhotos = async (m: TestMember) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/photos.php',
      headers: { host: site.domain, cookie: m.cookie },
    })
  ).json().photos as {
    id: number;
    status: string;
    main: boolean;
    reject_reason: string | null;
    reject_note: string | null;
  }[];

describe('photo rejection', () => {
  it('rejects the main photo: the next active photo becomes main, the member is told in their language', async () => {
    const m = await createMember(ctx, site.domain, { language: 'de' });
    const first = await upload(m);
    const second = await upload(m);
    const third = await upload(m);
    expect(await mainOf(m.id)).toEqual([first]);
    // The first (the main photo, still held) is rejected once the later two are public.
    for (const id of [second, third]) expect((await decide({ id, action: 'approve' })).statusCode).toBe(200);
    expect(await mainOf(m.id)).toEqual([first]);

    const res = await decide({
      id: first,
      action: 'reject',
      reason: 'not_you',
      note: 'Bitte ein eigenes Foto.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photo).toMatchObject({ status: 'rejected', reject_reason: 'not_you', main: false });
    expect(await mainOf(m.id)).toEqual([second]);

    // The photo manager: rejected, with the reason and the note; it can be deleted.
    const mine = await ownPhotos(m);
    expect(mine.find((p) => p.id === first)).toMatchObject({
      status: 'rejected',
      main: false,
      reject_reason: 'not_you',
      reject_note: 'Bitte ein eigenes Foto.',
    });
    // The statement of reasons, in German, names the reason and the note.
    const [mail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${m.email}`)
      .orderBy(desc(outbox.id))
      .limit(1);
    const text = (mail!.payload as { text: string }).text;
    expect(text).toContain('Das Foto scheint nicht dich zu zeigen.');
    expect(text).toContain('Bitte ein eigenes Foto.');
    const [decision] = await ctx.database.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.memberId, m.id));
    expect(decision).toMatchObject({ kind: 'photo_rejected', staffId: moderator.id, automated: false });
    const [audit] = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'photo.reject'), eq(staffAuditLog.targetId, String(first))));
    expect(audit).toMatchObject({
      staffId: moderator.id,
      siteId: site.id,
      after: { reason: 'not_you', newMain: second },
    });

    // A rejected photo cannot be made main again; the member may delete it.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/photos.php',
      headers: { host: site.domain, cookie: m.cookie, ...CLIENT },
      payload: { id: first, main: true },
    });
    expect(put.statusCode).toBe(400);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/photos.php',
      headers: { host: site.domain, cookie: m.cookie, ...CLIENT },
      payload: { id: first },
    });
    expect(del.statusCode).toBe(200);
  });

  it('leaves a member without a main photo when no other photo is active; approving one later makes it main', async () => {
    const m = await createMember(ctx, site.domain);
    const first = await upload(m);
    const pending = await upload(m);
    expect((await decide({ id: first, action: 'reject', reason: 'explicit' })).statusCode).toBe(200);
    expect(await mainOf(m.id)).toEqual([]);
    expect((await decide({ id: pending, action: 'approve' })).statusCode).toBe(200);
    expect(await mainOf(m.id)).toEqual([pending]);
  });

  it('refuses an unknown reason and an unknown photo', async () => {
    const m = await createMember(ctx, site.domain);
    const id = await upload(m);
    expect((await decide({ id, action: 'reject', reason: 'ugly' })).statusCode).toBe(400);
    expect((await decide({ id: 999_999_999, action: 'approve' })).statusCode).toBe(404);
  });

  it('lets one of two moderators deciding at once win; the other gets 409', async () => {
    const other = await signInStaff(ctx.app, 'moderator');
    const m = await createMember(ctx, site.domain);
    const id = await upload(m);
    const results = await Promise.all([
      decide({ id, action: 'approve' }),
      decide({ id, action: 'reject', reason: 'other' }, other),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('photo_already_decided');
    const audits = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'photo'), eq(staffAuditLog.targetId, String(id))));
    expect(audits).toHaveLength(1);
  });

  it('serves the queued image to staff only', async () => {
    const m = await createMember(ctx, site.domain);
    const id = await upload(m);
    const url = `/api/admin/photo-image.php?id=${id}`;
    const anonymous = await ctx.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const asMember = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { host: site.domain, cookie: m.cookie },
    });
    expect(asMember.statusCode).toBe(401);
    const asStaff = await ctx.app.inject({ method: 'GET', url, headers: moderator.headers });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.headers['content-type']).toBe('image/jpeg');
    expect(asStaff.headers['cache-control']).toContain('no-store');
    expect(asStaff.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const thumb = await ctx.app.inject({
      method: 'GET',
      url: `${url}&size=thumb`,
      headers: moderator.headers,
    });
    expect(thumb.statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/photo-image.php?id=999999999',
          headers: moderator.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});
