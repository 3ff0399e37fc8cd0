import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birthDateForAge } from '../../../shared/dates';
import {
  type AdminProfileInput,
  adminProfileResponseSchema,
  adminProfilesResponseSchema,
} from '../../../shared/schemas/admin-profiles';
import { profiles, type Site, staffAuditLog, users } from '../../db/schema';
import { createMember } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { signInStaffAs } from '../../test/staff';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { fixedClassifier, NEUTRAL } from '../photos/photos.test-support';

/** Staff create and edit fictional, cam and resell profiles (issue 22, point 8); every change audited. */
let ctx: TestContext;
let site: Site;
let staff: { id: number; headers: Record<string, string> };

beforeAll(async () => {
  ctx = await buildTestApp({}, { photoClassifier: fixedClassifier(NEUTRAL) });
  site = await ctx.createSite({ niche: 3 });
  const signedIn = await signInStaffAs(ctx.app, 'moderator');
  staff = { id: signedIn.staff.id, headers: signedIn.headers };
});
afterAll(async () => {
  await ctx?.close();
});

const input = (over: Partial<AdminProfileInput> = {}): AdminProfileInput => ({
  kind: 'fictional',
  site_id: site.id,
  name: 'Lotte',
  gender: 'female',
  seeking_gender: 'male',
  birth_date: birthDateForAge(29),
  country: 'NL',
  region: null,
  city: 'Utrecht',
  about: 'Loves long walks along the canals.',
  interests: [],
  visible: true,
  ...over,
});

const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: staff.headers, payload });

async function create(over: Partial<AdminProfileInput> = {}) {
  const res = await send('POST', '/api/admin/profiles.php', input(over));
  expect(res.statusCode, res.body).toBe(200);
  return adminProfileResponseSchema.parse(res.json()).profile;
}

const auditOf = (id: number, action: string) =>
  ctx.database.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetId, String(id)), eq(staffAuditLog.action, action)))
    .orderBy(desc(staffAuditLog.id));

describe('POST and PUT /api/admin/profiles.php', () => {
  it('creates a fictional profile that cannot sign in and that members see with the fictional mark', async () => {
    const made = await create();
    expect(made).toMatchObject({
      kind: 'fictional',
      site_id: site.id,
      name: 'Lotte',
      age: 29,
      visible: true,
    });
    const [account] = await ctx.database.db.select().from(users).where(eq(users.id, made.id));
    expect(account).toMatchObject({ passwordHash: null, status: 'active', siteId: site.id });
    expect(account!.email).toMatch(/@profiles\.invalid$/);
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, made.id));
    expect(row).toMatchObject({ kind: 'fictional', fictional: true, niche: 3, searchable: true });

    const [audit] = await auditOf(made.id, 'profile.create');
    expect(audit).toMatchObject({ staffId: staff.id, targetType: 'profile', siteId: site.id });
    expect(audit!.after).toMatchObject({ kind: 'fictional', name: 'Lotte', visible: true });

    const member = await createMember(ctx, site.domain);
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${made.id}`,
      headers: { host: site.domain, cookie: member.cookie },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().profile).toMatchObject({ name: 'Lotte', fictional: true, kind: 'fictional' });
  });

  it('edits every field, audits before and after, and hides a profile made invisible', async () => {
    const made = await create({ kind: 'cam', name: 'Mira' });
    const res = await send(
      'PUT',
      `/api/admin/profiles.php?id=${made.id}`,
      input({ kind: 'cam', name: 'Mirabel', visible: false }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ name: 'Mirabel', kind: 'cam', visible: false });
    const [audit] = await auditOf(made.id, 'profile.update');
    expect(audit!.staffId).toBe(staff.id);
    expect(audit!.before).toMatchObject({ name: 'Mira', visible: true });
    expect(audit!.after).toMatchObject({ name: 'Mirabel', visible: false });

    const member = await createMember(ctx, site.domain);
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${made.id}`,
      headers: { host: site.domain, cookie: member.cookie },
    });
    expect(view.statusCode).toBe(404);
  });

  it('refuses a minor, an unknown site, and never opens a member’s own profile', async () => {
    const minor = await send('POST', '/api/admin/profiles.php', input({ birth_date: birthDateForAge(17) }));
    expect(minor.statusCode).toBe(400);
    const nowhere = await send('POST', '/api/admin/profiles.php', input({ site_id: 2_000_000_000 }));
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.fields?.site_id ?? nowhere.json().error).toBeTruthy();

    const member = await createMember(ctx, site.domain);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/profile.php?id=${member.id}`,
      headers: staff.headers,
    });
    expect(read.statusCode).toBe(404);
    const edit = await send('PUT', `/api/admin/profiles.php?id=${member.id}`, input());
    expect(edit.statusCode).toBe(404);
    expect(await auditOf(member.id, 'profile.update')).toEqual([]);
  });
});

describe('GET /api/admin/profiles.php', () => {
  it('filters by kind, site and name', async () => {
    const other = await ctx.createSite({ niche: 4 });
    const tag = `Zed${Date.now() % 100000}`;
    const cam = await create({ kind: 'cam', name: `${tag} Cam` });
    const resell = await create({ kind: 'resell', name: `${tag} Resell`, site_id: other.id });
    const list = async (qs: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/profiles.php?${qs}`,
        headers: staff.headers,
      });
      expect(res.statusCode).toBe(200);
      return adminProfilesResponseSchema.parse(res.json()).profiles.map((p) => p.id);
    };
    expect(await list(`q=${tag}`)).toEqual([resell.id, cam.id]);
    expect(await list(`q=${tag}&kind=cam`)).toEqual([cam.id]);
    expect(await list(`q=${tag}&site_id=${other.id}`)).toEqual([resell.id]);
  });
});

describe('/api/admin/profile-photos.php', () => {
  it('adds a photo through the members’ pipeline and removes it, both audited', async () => {
    const made = await create({ kind: 'fictional', name: 'Noor' });
    const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c86' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
      .toBuffer();
    const body = multipart([{ name: 'photo', filename: 'noor.jpg', type: 'image/jpeg', data: jpeg }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/profile-photos.php?id=${made.id}`,
      headers: { ...staff.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const withPhoto = adminProfileResponseSchema.parse(res.json()).profile;
    expect(withPhoto.photos).toHaveLength(1);
    expect(withPhoto.photos[0]).toMatchObject({ main: true });
    // Pending, so not public: staff see it through the photo queue's staff-only image call.
    const image = await ctx.app.inject({
      method: 'GET',
      url: withPhoto.photos[0]!.thumb_filename,
      headers: staff.headers,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/jpeg');
    const [added] = await auditOf(made.id, 'profile.photo.add');
    expect(added!.after).toMatchObject({ photo: withPhoto.photos[0]!.id, main: true });

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/profile-photos.php?id=${made.id}&photo=${withPhoto.photos[0]!.id}`,
      headers: staff.headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().profile.photos).toEqual([]);
    expect(await auditOf(made.id, 'profile.photo.delete')).toHaveLength(1);
  });
});

describe('/api/admin/site-cams.php', () => {
  it('lists the sites for moderators; an admin switches cams_in_search, which re-lists the cam profiles, audited', async () => {
    const own = await ctx.createSite({ niche: 6 });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/site-cams.php',
      headers: staff.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().sites.find((s: { id: number }) => s.id === own.id)).toMatchObject({
      cams_in_search: false,
    });

    const made = await create({ kind: 'cam', name: 'Vera', site_id: own.id });
    const searchable = async () =>
      (await ctx.database.db.select().from(profiles).where(eq(profiles.userId, made.id)))[0]!.searchable;
    expect(await searchable()).toBe(false);

    const refused = await send('PUT', `/api/admin/site-cams.php?id=${own.id}`, { cams_in_search: true });
    expect(refused.statusCode).toBe(403);
    const admin = await signInStaffAs(ctx.app, 'admin');
    const on = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/site-cams.php?id=${own.id}`,
      headers: admin.headers,
      payload: { cams_in_search: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().site).toMatchObject({ id: own.id, cams_in_search: true });
    expect(await searchable()).toBe(true);
    const [audit] = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(
        and(eq(staffAuditLog.targetId, String(own.id)), eq(staffAuditLog.action, 'site.cams_in_search')),
      );
    expect(audit).toMatchObject({ staffId: admin.staff.id, after: { cams_in_search: true } });
  });
});
