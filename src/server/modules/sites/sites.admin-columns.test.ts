import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSite,
  type AdminSiteInput,
  adminSiteResponseSchema,
  adminSitesResponseSchema,
} from '../../../shared/schemas/admin-sites';
import { photos, profiles, staffAuditLog, users } from '../../db/schema';
import { signInStaffAs } from '../../test/staff';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { refreshSearchable } from '../members/searchable';

/**
 * The site columns other areas added (photo moderation, cam section, payments, discreet mode) in the console's site
 * form: saved, answered and audited like every other setting; cams_in_search moves the site's cam profiles in or
 * out of the member search at once; the billing descriptor is refused per field when too long or not plain text.
 */
let ctx: TestContext;
let admin: Record<string, string>;
let adminId: number;
const made: number[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  const signedIn = await signInStaffAs(ctx.app, 'admin');
  admin = signedIn.headers;
  adminId = signedIn.staff.id;
});
afterAll(async () => {
  // The cam profile leaves every listing: other files on a shared database must not meet it.
  if (ctx && made.length > 0)
    await ctx.database.db
      .update(profiles)
      .set({ status: 'disabled', searchable: false })
      .where(inArray(profiles.userId, made));
  await ctx?.close();
});

async function adminSite(id: number): Promise<AdminSite> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/sites.php', headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  const site = adminSitesResponseSchema.parse(res.json()).sites.find((s) => s.id === id);
  expect(site).toBeTruthy();
  return site!;
}

const putSite = (site: AdminSite, changes: Partial<AdminSiteInput>) => {
  const { id, created_at: _created, ...input } = site;
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/sites.php?id=${id}`,
    headers: { ...admin, cookie: `${admin.cookie}; i18n_redirected=nl` },
    payload: { ...input, ...changes },
  });
};

/** A cam profile of the site the staff keep, with a main photo, in a search area of its own. */
async function camProfile(siteId: number): Promise<number> {
  const db = ctx.database.db;
  const [u] = await db
    .insert(users)
    .values({
      siteId,
      email: `cam-${randomBytes(6).toString('hex')}@profiles.invalid`,
      status: 'active',
      language: 'en',
    })
    .returning({ id: users.id });
  const id = u!.id;
  made.push(id);
  await db.insert(profiles).values({
    userId: id,
    kind: 'cam',
    name: `cam ${id}`,
    status: 'active',
    gender: 'female',
    birthDate: '1995-01-01',
    country: 'ZZ',
    region: `c${randomBytes(5).toString('hex')}`,
    city: 'Camtown',
  });
  await db.insert(photos).values({
    userId: id,
    storageKey: `test/${randomBytes(6).toString('hex')}`,
    status: 'active',
    screening: 'skipped',
    isMain: true,
    width: 800,
    height: 800,
  });
  await refreshSearchable(db, id);
  return id;
}

const searchable = async (id: number) =>
  (
    await ctx.database.db
      .select({ searchable: profiles.searchable })
      .from(profiles)
      .where(eq(profiles.userId, id))
  )[0]!.searchable;

describe('the site columns of other areas in the console', () => {
  it('saves photo review, threshold, cams in search, payment provider, descriptor and discreet default, audited', async () => {
    const created = await ctx.createSite({ niche: 3 });
    const cam = await camProfile(created.id);
    expect(await searchable(cam)).toBe(false);

    const site = await adminSite(created.id);
    expect(site).toMatchObject({
      photo_review: 'before',
      photo_explicit_threshold: 60,
      cams_in_search: false,
      payment_provider: 'mollie',
      billing_descriptor: '',
      discreet_default: null,
    });
    const changes = {
      photo_review: 'after',
      photo_explicit_threshold: 45,
      cams_in_search: true,
      payment_provider: 'verotel',
      billing_descriptor: '  NF SERVICES  ',
      discreet_default: false,
    } satisfies Partial<AdminSiteInput>;
    const res = await putSite(site, changes);
    expect(res.statusCode, res.body).toBe(200);
    const saved = adminSiteResponseSchema.parse(res.json()).site;
    const expected = { ...changes, billing_descriptor: 'NF SERVICES' };
    expect(saved).toMatchObject(expected);
    expect(await adminSite(created.id)).toMatchObject(expected);
    // The cam profile joined the member search in the same save.
    expect(await searchable(cam)).toBe(true);

    const [row] = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'site.update'), eq(staffAuditLog.targetId, String(created.id))))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    expect(row).toMatchObject({ staffId: adminId, siteId: created.id });
    expect(row!.before).toMatchObject({
      cams_in_search: false,
      payment_provider: 'mollie',
      discreet_default: null,
    });
    expect(row!.after).toMatchObject(expected);

    // Off again: the cam profile leaves the search.
    const off = await putSite(saved, { cams_in_search: false, discreet_default: null });
    expect(off.statusCode, off.body).toBe(200);
    expect(adminSiteResponseSchema.parse(off.json()).site.discreet_default).toBeNull();
    expect(await searchable(cam)).toBe(false);
  });

  it('refuses a descriptor over 22 characters or with accents, a threshold out of range and unknown modes', async () => {
    const site = await adminSite((await ctx.createSite()).id);
    const cases: [Partial<AdminSiteInput>, string, RegExp | null][] = [
      [{ billing_descriptor: 'X'.repeat(23) }, 'billing_descriptor', /22 tekens/],
      [{ billing_descriptor: 'Café Services' }, 'billing_descriptor', /A–Z/],
      [{ photo_explicit_threshold: 0 }, 'photo_explicit_threshold', /1 tot 100/],
      [{ photo_explicit_threshold: 101 }, 'photo_explicit_threshold', /1 tot 100/],
      [{ photo_review: 'never' as 'before' }, 'photo_review', null],
      [{ payment_provider: 'paypal' as 'mollie' }, 'payment_provider', null],
    ];
    for (const [changes, field, text] of cases) {
      const res = await putSite(site, changes);
      expect([field, res.statusCode]).toEqual([field, 400]);
      const fields = res.json().error.fields as Record<string, string>;
      expect(Object.keys(fields), field).toContain(field);
      if (text) expect(fields[field]).toMatch(text);
    }
    expect(await adminSite(site.id)).toEqual(site);
  });
});
