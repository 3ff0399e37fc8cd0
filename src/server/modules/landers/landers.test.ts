import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanderMapResponse, LanderMapShapes } from '../../../shared/schemas/lander-map';
import { profiles, users } from '../../db/schema';
import { createMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { addPhoto, call, setProfile } from '../member-profile/member-profile.fixtures';
import { refreshSearchable } from '../members/searchable';

/**
 * The map lander's API on a site that serves New Zealand only. The members made here are the most recently active
 * of all (first on the map) and are disabled afterwards, so a shared PostgreSQL database keeps none of them listed.
 */
let ctx: TestContext;
let domain: string;
const made: number[] = [];
beforeAll(async () => {
  ctx = await buildTestApp();
  domain = (await ctx.createSite({ countries: ['NZ'] })).domain;
});
afterAll(async () => {
  if (ctx && made.length > 0) {
    await ctx.database.db.update(profiles).set({ status: 'disabled' }).where(inArray(profiles.userId, made));
    for (const id of made) await refreshSearchable(ctx.database.db, id);
  }
  await ctx?.close();
});

const db = () => ctx.database.db;

/** A public member of NZ with a photo and a stored location cell, active "tomorrow". */
async function located(latCell: number, lonCell: number, extra: Partial<typeof profiles.$inferInsert> = {}) {
  const m = await createMember(ctx, domain);
  made.push(m.id);
  await addPhoto(db(), m.id, { isMain: true });
  await db()
    .update(users)
    .set({ lastActiveAt: new Date(Date.now() + 86_400_000) })
    .where(eq(users.id, m.id));
  await setProfile(db(), m.id, { country: 'NZ', latCell, lonCell, ...extra });
  return m;
}

describe('GET /api/lander-map.php', () => {
  it('shows public members by area, in map coordinates only, never a hidden member', async () => {
    // Two members a few streets apart in Auckland, one in Wellington, one invisible in Auckland.
    const a = await located(-36.85, 174.76);
    const b = await located(-36.86, 174.77);
    const c = await located(-41.29, 174.78);
    const hidden = await located(-36.85, 174.76, { invisible: true });

    const res = await call(ctx, domain, 'GET', '/api/lander-map.php?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    const body = res.json() as LanderMapResponse;
    expect(body.country).toBe('NZ');
    const areaOf = (id: number) => body.areas.find((x) => x.members.some((m) => m.id === id));
    expect(areaOf(a.id)).toBeDefined();
    expect(areaOf(a.id)).toBe(areaOf(b.id));
    expect(areaOf(c.id)).not.toBe(areaOf(a.id));
    expect(areaOf(hidden.id)).toBeUndefined();
    // Wellington is south of Auckland on the map; both inside the view box.
    expect(areaOf(c.id)!.y).toBeGreaterThan(areaOf(a.id)!.y);
    // No coordinates, no cells in the answer: only the areas' SVG positions.
    expect(res.body).not.toMatch(/"(lat|lon|lat_cell|lon_cell|latCell|lonCell)"/);
    expect(res.body).not.toMatch(/-36\.8|174\.7|-41\.2/);
  });

  it('answers the country shapes as SVG paths for a served country only', async () => {
    const res = await call(ctx, domain, 'GET', '/api/lander-map-shapes.php?country=NZ');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const body = res.json() as LanderMapShapes;
    expect(body.width).toBeGreaterThan(0);
    expect(body.height).toBeGreaterThan(0);
    const home = body.shapes.filter((s) => s.home);
    expect(home).toHaveLength(1);
    expect(home[0]!.d).toMatch(/^M[\d.]+,[\d.]+L/);
    expect((await call(ctx, domain, 'GET', '/api/lander-map-shapes.php?country=FR')).statusCode).toBe(404);
    expect((await call(ctx, domain, 'GET', '/api/lander-map-shapes.php?country=nz')).statusCode).toBe(400);
  });
});
