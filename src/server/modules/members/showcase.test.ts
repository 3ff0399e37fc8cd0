import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { addPhoto, call, setProfile } from '../member-profile/member-profile.fixtures';
import { refreshSearchable } from './searchable';

/**
 * The showcase of a site that serves only the user-assigned country code ZZ (no real member lives there). The
 * members made here are the most recently active of all and are disabled afterwards, so a shared PostgreSQL
 * database keeps no listed member of this file.
 */
let ctx: TestContext;
let domain: string;
const made: number[] = [];
beforeAll(async () => {
  ctx = await buildTestApp();
  domain = (await ctx.createSite({ countries: ['ZZ'] })).domain;
});
afterAll(async () => {
  if (ctx && made.length > 0) {
    await ctx.database.db.update(profiles).set({ status: 'disabled' }).where(inArray(profiles.userId, made));
    for (const id of made) await refreshSearchable(ctx.database.db, id);
  }
  await ctx?.close();
});

const db = () => ctx.database.db;

/** A member shown in the showcase: in ZZ, with a public main photo, active "tomorrow" (first in the list). */
async function showcased(): Promise<TestMember> {
  const m = await createMember(ctx, domain);
  made.push(m.id);
  await addPhoto(db(), m.id, { isMain: true });
  await db()
    .update(users)
    .set({ lastActiveAt: new Date(Date.now() + 86_400_000) })
    .where(eq(users.id, m.id));
  await setProfile(db(), m.id, { country: 'ZZ' });
  return m;
}

const showcaseIds = async (cookie?: string) => {
  const res = await call(ctx, domain, 'GET', '/api/showcase.php', cookie);
  expect(res.statusCode).toBe(200);
  return { ids: res.json().profiles.map((p: { id: number }) => p.id) as number[], res };
};

describe('GET /api/showcase.php', () => {
  it('leaves out members the signed-in viewer blocked and members who blocked the viewer', async () => {
    const viewer = await createMember(ctx, domain);
    made.push(viewer.id);
    const blockedByViewer = await showcased();
    const blockerOfViewer = await showcased();
    const other = await showcased();
    expect(
      (await call(ctx, domain, 'POST', '/api/block.php', viewer.cookie, { id: blockedByViewer.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(ctx, domain, 'POST', '/api/block.php', blockerOfViewer.cookie, { id: viewer.id }))
        .statusCode,
    ).toBe(200);
    const three = [blockedByViewer.id, blockerOfViewer.id, other.id];

    const signedOut = await showcaseIds();
    expect(signedOut.ids).toEqual(expect.arrayContaining(three));
    expect(signedOut.res.headers['cache-control']).toBe('public, max-age=60');

    const mine = await showcaseIds(viewer.cookie);
    expect(mine.ids).toContain(other.id);
    expect(mine.ids).not.toContain(blockedByViewer.id);
    expect(mine.ids).not.toContain(blockerOfViewer.id);
    expect(mine.ids).not.toContain(viewer.id);
    expect(mine.res.headers['cache-control']).toBe('private, no-store');

    // Other members are not affected.
    const bystander = await createMember(ctx, domain);
    made.push(bystander.id);
    expect((await showcaseIds(bystander.cookie)).ids).toEqual(expect.arrayContaining(three));
  });

  it('lists only members of the countries the site serves', async () => {
    const m = await showcased();
    const elsewhere = await showcased();
    await setProfile(db(), elsewhere.id, { country: 'NL' });
    const { ids } = await showcaseIds();
    expect(ids).toContain(m.id);
    expect(ids).not.toContain(elsewhere.id);
  });
});
