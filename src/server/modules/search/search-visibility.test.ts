import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, type Site } from '../../db/schema';
import { LocalEventBus } from '../../lib/event-bus';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { refreshSearchable } from '../members/searchable';
import {
  announceListingChange,
  connectSearchCaches,
  createSearchCaches,
  dropSearchCaches,
  LISTING_CHANGED,
} from './search.cache';

/**
 * Issue 27 point 21: a change of who may see whom shows in the very next search, with every cache on (search
 * answers 30 s, sessions 60 s, as in production), and a member's answer is never stored by the browser.
 */
let ctx: TestContext;
let site: Site;
const made: number[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({ SEARCH_CACHE_SECONDS: '30', SESSION_CACHE_SECONDS: '60' });
  site = await ctx.createSite();
});
afterAll(async () => {
  // Unlisted afterwards: whole-country searches of other files on a shared database must not meet them.
  if (ctx && made.length > 0)
    await ctx.database.db
      .update(profiles)
      .set({ status: 'disabled', searchable: false })
      .where(inArray(profiles.userId, made));
  await ctx?.close();
});

/** A search area of its own: a user-assigned country code and a random region. */
function area() {
  return { country: 'ZZ', countryregion: `v${randomBytes(5).toString('hex')}` };
}

/** A confirmed member listed in `where` (a woman of 30). */
async function listedMember(where: ReturnType<typeof area>): Promise<TestMember> {
  const m = await createMember(ctx, site.domain, { date_of_birth: '1995-03-10' });
  made.push(m.id);
  await ctx.database.db
    .update(profiles)
    .set({ country: where.country, region: where.countryregion, gender: 'female', niche: site.niche })
    .where(eq(profiles.userId, m.id));
  await refreshSearchable(ctx.database.db, m.id);
  return m;
}

/** Every filter given (so no member default applies): the area, women, every age. */
async function search(where: ReturnType<typeof area>, cookie?: string) {
  const qs = new URLSearchParams({ ...where, gender: 'female', min_age: '18', max_age: '99' });
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/search.php?${qs}`,
    headers: { host: site.domain, ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { profiles: { id: number }[]; similar: { id: number }[] };
  return {
    ids: [...body.profiles, ...body.similar].map((p) => p.id),
    cacheControl: res.headers['cache-control'],
  };
}

const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload: object) =>
  ctx.app.inject({ method, url, payload, headers: { host: site.domain, cookie, ...CLIENT } });

describe('GET /api/search.php after a change of who may see whom', () => {
  it('a member’s answer may not be stored; a visitor’s may be shared briefly', async () => {
    const where = area();
    const a = await listedMember(where);
    expect((await search(where, a.cookie)).cacheControl).toBe('private, no-store');
    expect((await search(where)).cacheControl).toBe('public, max-age=30');
  });

  it('A blocks B: the very next search of each leaves the other out; unblocking shows them again', async () => {
    const where = area();
    const [a, b, c] = [await listedMember(where), await listedMember(where), await listedMember(where)];
    // Every cache warm: the shared answer, both sessions.
    for (const m of [a, b])
      expect((await search(where, m.cookie)).ids).toEqual(
        expect.arrayContaining([a.id, b.id, c.id].filter((id) => id !== m.id)),
      );

    expect((await write('POST', '/api/block.php', a.cookie, { id: b.id })).statusCode).toBe(200);
    const bSees = await search(where, b.cookie);
    const aSees = await search(where, a.cookie);
    expect(bSees.ids).not.toContain(a.id);
    expect(bSees.ids).toContain(c.id);
    expect(aSees.ids).not.toContain(b.id);
    expect(aSees.ids).toContain(c.id);
    expect(bSees.cacheControl).toBe('private, no-store');
    // A bystander still sees both.
    expect((await search(where, c.cookie)).ids).toEqual(expect.arrayContaining([a.id, b.id]));

    expect((await write('DELETE', '/api/block.php', a.cookie, { id: b.id })).statusCode).toBe(200);
    expect((await search(where, b.cookie)).ids).toContain(a.id);
    expect((await search(where, a.cookie)).ids).toContain(b.id);
  });

  it('invisible mode takes A out of everyone’s next search, and leaving it brings A back', async () => {
    const where = area();
    const [a, b] = [await listedMember(where), await listedMember(where)];
    expect((await search(where, b.cookie)).ids).toContain(a.id);
    expect((await search(where)).ids).toContain(a.id);

    const hide = await write('PUT', '/api/privacy.php', a.cookie, { invisible: true });
    expect(hide.statusCode).toBe(200);
    expect((await search(where, b.cookie)).ids).not.toContain(a.id);
    expect((await search(where)).ids).not.toContain(a.id);

    expect((await write('PUT', '/api/privacy.php', a.cookie, { invisible: false })).statusCode).toBe(200);
    expect((await search(where, b.cookie)).ids).toContain(a.id);
    expect((await search(where)).ids).toContain(a.id);
  });
});

describe('announceListingChange', () => {
  it('clears the search caches of every instance on the bus, and stops when disconnected', () => {
    const bus = new LocalEventBus();
    const heard: unknown[] = [];
    bus.subscribe(LISTING_CHANGED, (p) => heard.push(p));
    const caches = createSearchCaches(30)!;
    const disconnect = connectSearchCaches(bus);
    try {
      caches.responses.set('k', {});
      // Another instance announces: this one's caches clear.
      bus.publish(LISTING_CHANGED, true);
      expect(caches.responses.has('k')).toBe(false);
      // This instance announces: cleared here, and told to the others.
      caches.counts.set('n', 3);
      announceListingChange();
      expect(caches.counts.has('n')).toBe(false);
      expect(heard).toHaveLength(2);
    } finally {
      disconnect();
      dropSearchCaches(caches);
    }
    announceListingChange();
    expect(heard).toHaveLength(2);
  });
});
