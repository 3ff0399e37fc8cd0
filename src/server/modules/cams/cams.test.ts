import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birthDateForAge } from '../../../shared/dates';
import { camsResponseSchema, resellConsentResponseSchema } from '../../../shared/schemas/cams';
import type { ProfileKind } from '../../../shared/schemas/profile-kind';
import { photos, profiles, type Site, sessions, sites, users } from '../../db/schema';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { refreshSearchable } from '../members/searchable';
import { announceListingChange } from '../search/search.cache';
import { refreshSiteCams } from './cams-searchable';

/**
 * The cam section (issue 22, point 8): cam and resell profiles are listed on /cams with their kind and never in
 * member search, likes, the match finder or the swipe deck unless the site says so; the network's members appear
 * as 'resell' on partner sites only with their consent and their site's member_resell.
 */
let ctx: TestContext;
let site: Site;
const made: number[] = [];
// A search area of this file's own: a user-assigned country code and a random region.
const country = 'ZZ';
const region = `c${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  ctx = await buildTestApp();
  site = await ctx.createSite({ niche: 2 });
});
afterAll(async () => {
  // Unlisted afterwards: other files on a shared database must not meet them.
  if (ctx && made.length > 0)
    await ctx.database.db
      .update(profiles)
      .set({ status: 'disabled', searchable: false })
      .where(inArray(profiles.userId, made));
  await ctx?.close();
});

/** A profile the staff keep, straight into the database: a woman of 30 in this file's area, with a photo. */
async function kept(kind: ProfileKind, on: Site = site): Promise<number> {
  const db = ctx.database.db;
  const [u] = await db
    .insert(users)
    .values({
      siteId: on.id,
      email: `kept-${randomBytes(6).toString('hex')}@profiles.invalid`,
      status: 'active',
      language: 'en',
    })
    .returning({ id: users.id });
  const id = u!.id;
  made.push(id);
  await db.insert(profiles).values({
    userId: id,
    kind,
    name: `${kind} ${id}`,
    status: 'active',
    gender: 'female',
    birthDate: birthDateForAge(30),
    country,
    region,
    city: 'Camtown',
    niche: on.niche,
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
  announceListingChange();
  return id;
}

/** A confirmed member of `on`, a man of 35 in this file's area seeking women. */
async function member(on: Site): Promise<TestMember> {
  const m = await createMember(ctx, on.domain, { date_of_birth: '1990-03-10' });
  made.push(m.id);
  await ctx.database.db
    .update(profiles)
    .set({ country, region, gender: 'male', seekingGender: 'female', niche: on.niche })
    .where(eq(profiles.userId, m.id));
  await refreshSearchable(ctx.database.db, m.id);
  announceListingChange();
  return m;
}

const get = (on: Site, url: string, cookie: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: on.domain, cookie } });

async function cams(on: Site, m: TestMember) {
  const res = await get(on, '/api/cams.php', m.cookie);
  expect(res.statusCode).toBe(200);
  return camsResponseSchema.parse(res.json()).profiles;
}

async function searchIds(on: Site, m: TestMember) {
  const qs = new URLSearchParams({
    country,
    countryregion: region,
    gender: 'female',
    min_age: '18',
    max_age: '99',
  });
  const res = await get(on, `/api/search.php?${qs}`, m.cookie);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { profiles: { id: number; kind?: string }[]; similar: { id: number }[] };
  return { cards: body.profiles, ids: [...body.profiles, ...body.similar].map((p) => p.id) };
}

async function deckIds(on: Site, m: TestMember): Promise<number[]> {
  const ids: number[] = [];
  const finder = await get(on, '/api/match-finder.php?page=1', m.cookie);
  expect(finder.statusCode).toBe(200);
  ids.push(...(finder.json().items as { id: number }[]).map((p) => p.id));
  const swipe = await get(on, '/api/swipe-game.php', m.cookie);
  expect(swipe.statusCode).toBe(200);
  ids.push(...(swipe.json().deck as { id: number }[]).map((p) => p.id));
  return ids;
}

describe('GET /api/cams.php', () => {
  it('lists cam and resell profiles with their kind, and search, deck and likes never show them', async () => {
    const viewer = await member(site);
    const cam = await kept('cam');
    const resell = await kept('resell');
    const fictional = await kept('fictional');

    const listed = await cams(site, viewer);
    expect(listed.find((c) => c.id === cam)).toMatchObject({ kind: 'cam', fictional: false });
    expect(listed.find((c) => c.id === resell)).toMatchObject({ kind: 'resell' });
    expect(listed.map((c) => c.id)).not.toContain(fictional);
    expect(listed.map((c) => c.id)).not.toContain(viewer.id);

    const search = await searchIds(site, viewer);
    expect(search.ids).toContain(fictional);
    expect(search.ids).not.toContain(cam);
    expect(search.ids).not.toContain(resell);
    const deck = await deckIds(site, viewer);
    expect(deck).not.toContain(cam);
    expect(deck).not.toContain(resell);

    // A like of a cam profile is not stored, so it never reaches a likes list.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/like.php',
      headers: { host: site.domain, cookie: viewer.cookie, ...CLIENT },
      payload: { id: cam },
    });
    const given = await get(site, '/api/likes.php?type=given', viewer.cookie);
    expect(JSON.stringify(given.json())).not.toContain(`"id":${cam},`);
  });

  it('mixes them into search, marked as such, when the site has cams_in_search on', async () => {
    const own = await ctx.createSite({ niche: 2 });
    const viewer = await member(own);
    const cam = await kept('cam', own);
    expect((await searchIds(own, viewer)).ids).not.toContain(cam);

    await ctx.database.db.transaction(async (tx) => {
      await tx.update(sites).set({ camsInSearch: true }).where(eq(sites.id, own.id));
      expect(await refreshSiteCams(tx, own.id)).toBe(1);
    });
    announceListingChange();
    const search = await searchIds(own, viewer);
    expect(search.cards.find((c) => c.id === cam)).toMatchObject({ kind: 'cam' });

    await ctx.database.db.transaction(async (tx) => {
      await tx.update(sites).set({ camsInSearch: false }).where(eq(sites.id, own.id));
      await refreshSiteCams(tx, own.id);
    });
    announceListingChange();
    expect((await searchIds(own, viewer)).ids).not.toContain(cam);
  });

  it('answers 403 authentication_required without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/cams.php', headers: { host: site.domain } });
    expect(res.statusCode).toBe(403);
  });
});

describe('resell: the network’s members on partner sites', () => {
  const consent = (on: Site, m: TestMember, value: boolean) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/resell-consent.php',
      headers: { host: on.domain, cookie: m.cookie, ...CLIENT },
      payload: { consent: value },
    });

  it('shows a member only with consent and member_resell, and withdrawing removes them at once', async () => {
    const partner = await ctx.createSite({ niche: 5, memberResell: true });
    const viewer = await member(site);
    const m = await member(partner);

    const off = await get(partner, '/api/resell-consent.php', m.cookie);
    expect(resellConsentResponseSchema.parse(off.json())).toEqual({ consent: false, available: true });
    expect((await cams(site, viewer)).map((c) => c.id)).not.toContain(m.id);

    const on = await consent(partner, m, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ consent: true, available: true });
    expect((await cams(site, viewer)).find((c) => c.id === m.id)).toMatchObject({ kind: 'resell' });
    // Never on the member's own site, where they are a member.
    const neighbour = await member(partner);
    expect((await cams(partner, neighbour)).map((c) => c.id)).not.toContain(m.id);

    await consent(partner, m, false);
    expect((await cams(site, viewer)).map((c) => c.id)).not.toContain(m.id);

    // With consent, but the member's site does not let its members appear elsewhere.
    await consent(partner, m, true);
    await ctx.database.db.update(sites).set({ memberResell: false }).where(eq(sites.id, partner.id));
    expect((await cams(site, viewer)).map((c) => c.id)).not.toContain(m.id);
    const unavailable = await get(partner, '/api/resell-consent.php', m.cookie);
    expect(unavailable.json()).toEqual({ consent: true, available: false });
  });

  it('never shows an invisible member, nor one the viewer blocked', async () => {
    const partner = await ctx.createSite({ niche: 6, memberResell: true });
    const viewer = await member(site);
    const hidden = await member(partner);
    const blocked = await member(partner);
    await consent(partner, hidden, true);
    await consent(partner, blocked, true);
    await ctx.database.db.update(profiles).set({ invisible: true }).where(eq(profiles.userId, hidden.id));
    await refreshSearchable(ctx.database.db, hidden.id);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { host: site.domain, cookie: viewer.cookie, ...CLIENT },
      payload: { id: blocked.id },
    });
    const ids = (await cams(site, viewer)).map((c) => c.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(blocked.id);
  });
});

describe('profiles the staff keep', () => {
  it('carry the fictional mark on the profile and on cards', async () => {
    const viewer = await member(site);
    const fictional = await kept('fictional');
    const res = await get(site, `/api/member.php?id=${fictional}`, viewer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ fictional: true, kind: 'fictional' });
    const search = await searchIds(site, viewer);
    expect(search.cards.find((c) => c.id === fictional)).toMatchObject({ fictional: true });
    const cam = await kept('cam');
    const camPage = await get(site, `/api/member.php?id=${cam}`, viewer.cookie);
    expect(camPage.json().profile).toMatchObject({ fictional: false, kind: 'cam' });
    // Never among the related members of a profile, nor on the landing page's showcase.
    const again = await get(site, `/api/member.php?id=${fictional}`, viewer.cookie);
    expect(again.json().related.map((r: { id: number }) => r.id)).not.toContain(cam);
    const showcase = await get(site, '/api/showcase.php', viewer.cookie);
    expect(showcase.json().profiles.map((p: { id: number }) => p.id)).not.toContain(cam);
  });

  it('can never have a password or a member session', async () => {
    const id = await kept('cam');
    const db = ctx.database.db;
    await expect(db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, id))).rejects.toThrow();
    await expect(
      db.insert(sessions).values({
        userId: id,
        tokenHash: randomBytes(16).toString('hex'),
        expiresAt: new Date(Date.now() + 60_000),
      }),
    ).rejects.toThrow();
    // A member with a password cannot be turned into one either.
    const m = await member(site);
    await expect(
      db.update(profiles).set({ kind: 'fictional' }).where(eq(profiles.userId, m.id)),
    ).rejects.toThrow();
    const [row] = (
      (await db.execute(sql`select kind, fictional from profiles where user_id = ${m.id}`)) as unknown as {
        rows: { kind: string; fictional: boolean }[];
      }
    ).rows;
    expect(row).toEqual({ kind: 'member', fictional: false });
  });
});
