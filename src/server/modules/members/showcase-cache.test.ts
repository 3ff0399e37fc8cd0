import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema';
import { CLIENT, createMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { addPhoto, call, setProfile } from '../member-profile/member-profile.fixtures';
import { refreshSearchable } from './searchable';

/**
 * The signed-out showcase is kept as bytes (SEARCH_CACHE_SECONDS) and dropped when who is listed changes. A site
 * of its own serving only 'QL' (a code no real or test member uses); its members are disabled afterwards.
 */
describe('the signed-out showcase cache', () => {
  let ctx: TestContext;
  let domain: string;
  const made: number[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp({ SEARCH_CACHE_SECONDS: '60' });
    domain = (await ctx.createSite({ countries: ['QL'] })).domain;
  });
  afterAll(async () => {
    if (ctx && made.length > 0) {
      await ctx.database.db
        .update(profiles)
        .set({ status: 'disabled' })
        .where(inArray(profiles.userId, made));
      for (const id of made) await refreshSearchable(ctx.database.db, id);
    }
    await ctx?.close();
  });

  const showcaseIds = async () => {
    const res = await call(ctx, domain, 'GET', '/api/showcase.php');
    expect(res.statusCode).toBe(200);
    return res.json().profiles.map((p: { id: number }) => p.id) as number[];
  };

  it('serves the same answer again, and drops it when a shown member goes invisible', async () => {
    const db = ctx.database.db;
    const m = await createMember(ctx, domain);
    made.push(m.id);
    await addPhoto(db, m.id, { isMain: true });
    await setProfile(db, m.id, { country: 'QL' });
    await db
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, m.id));
    await refreshSearchable(db, m.id);
    expect(await showcaseIds()).toContain(m.id);

    // Behind the cache's back (no announcement): still the cached answer.
    await db.update(profiles).set({ name: 'Changed' }).where(eq(profiles.userId, m.id));
    const again = await call(ctx, domain, 'GET', '/api/showcase.php');
    expect(again.json().profiles.find((p: { id: number }) => p.id === m.id)?.name).toBe(m.name);

    // Through the API: invisible mode takes the member out of every listing at once.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/privacy.php',
      headers: { host: domain, cookie: m.cookie, ...CLIENT },
      payload: { invisible: true },
    });
    expect(put.statusCode).toBe(200);
    expect(await showcaseIds()).not.toContain(m.id);
  });
});
