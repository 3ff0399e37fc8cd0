import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { createMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, viewMember } from '../member-profile/member-profile.fixtures';
import { locationCells, snapToGrid } from '../profiles/location';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

describe('location grid', () => {
  it('snaps to 0.01°', () => {
    expect(snapToGrid(52.37891)).toBe(52.38);
    expect(snapToGrid(4.89412)).toBe(4.89);
    expect(snapToGrid(-33.86789)).toBe(-33.87);
    expect(snapToGrid(179.999)).toBe(180);
    expect(locationCells({})).toBeUndefined();
    expect(locationCells({ lat: null, lon: null })).toEqual({ latCell: null, lonCell: null });
    expect(() => locationCells({ lat: 1 })).toThrow();
    expect(() => locationCells({ lat: 1, lon: null })).toThrow();
  });
});

describe('PUT /api/profile.php location', () => {
  it('stores only the snapped cell, answers has_location, and never shows the position to others', async () => {
    const m = await createMember(ctx, domain);
    const other = await createMember(ctx, domain);
    const put = (body: object) => call(ctx, domain, 'PUT', '/api/profile.php', m.cookie, body);
    const cells = async () => {
      const [row] = await ctx.database.db
        .select({ lat: profiles.latCell, lon: profiles.lonCell })
        .from(profiles)
        .where(eq(profiles.userId, m.id));
      return row!;
    };

    expect((await call(ctx, domain, 'GET', '/api/profile.php', m.cookie)).json().profile.has_location).toBe(
      false,
    );
    const res = await put({ lat: 52.378912, lon: 4.899431 });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.has_location).toBe(true);
    expect(res.body).not.toMatch(/"(lat|lon|lat_cell|lon_cell|latCell|lonCell)"/);
    expect(res.body).not.toContain('52.37');
    const stored = await cells();
    // real (float4) columns: compare to the snapped value within float4 precision
    expect(stored.lat).toBeCloseTo(52.38, 5);
    expect(stored.lon).toBeCloseTo(4.9, 5);

    for (const viewer of [other.cookie, undefined]) {
      const view = await viewMember(ctx, domain, m.id, viewer);
      expect(view.statusCode).toBe(200);
      expect(view.body).not.toMatch(/"(lat|lon|lat_cell|lon_cell|latCell|lonCell)"/);
      expect(view.body).not.toContain('52.38');
      expect(view.body).not.toContain('4.9,');
      expect(Object.keys(view.json().profile)).not.toEqual(expect.arrayContaining(['lat']));
    }

    // Only one coordinate, or out of range: refused, nothing changes.
    expect((await put({ lat: 10 })).statusCode).toBe(400);
    expect((await put({ lat: 10, lon: null })).statusCode).toBe(400);
    expect((await put({ lat: 91, lon: 0 })).statusCode).toBe(400);
    expect((await put({ lat: 0, lon: -181 })).statusCode).toBe(400);
    expect((await cells()).lat).toBeCloseTo(52.38, 5);

    // Other fields leave the location alone; nulls forget it.
    expect((await put({ about: 'Hi' })).json().profile.has_location).toBe(true);
    const cleared = await put({ lat: null, lon: null });
    expect(cleared.json().profile.has_location).toBe(false);
    expect(await cells()).toEqual({ lat: null, lon: null });
  });
});
