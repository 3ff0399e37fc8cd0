import { randomUUID } from 'node:crypto';
import { and, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { StaffProfileKind } from '../../../shared/schemas/admin-profiles';
import type { Db } from '../../db/client';
import { type Photo, type Profile, photos, profiles, sites, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

/** A profile the staff keep, with its account's site. */
export interface KeptProfile {
  profile: Profile & { kind: StaffProfileKind };
  siteId: number;
  siteDomain: string;
  createdAt: Date;
}

const KEPT_KINDS: StaffProfileKind[] = ['fictional', 'cam', 'resell'];

const keptColumns = {
  profile: profiles,
  siteId: users.siteId,
  siteDomain: sites.domain,
  createdAt: users.signupDate,
};

/** One staff-kept profile (never a member's own), locked for update when asked. */
export async function findKeptProfile(
  db: Db | Tx,
  id: number,
  forUpdate = false,
): Promise<KeptProfile | undefined> {
  const query = db
    .select(keptColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(and(eq(profiles.userId, id), ne(profiles.kind, 'member')))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: profiles }) : await query;
  return row as KeptProfile | undefined;
}

export interface KeptFilter {
  kind?: StaffProfileKind | undefined;
  siteId?: number | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** Staff-kept profiles, newest first, with their main photo's id (any status: staff see their own). */
export async function listKeptProfiles(
  db: Db,
  f: KeptFilter,
): Promise<(KeptProfile & { mainPhotoId: number | null })[]> {
  const parts: SQL[] = [inArray(profiles.kind, f.kind ? [f.kind] : KEPT_KINDS)];
  if (f.siteId) parts.push(eq(users.siteId, f.siteId));
  if (f.q) parts.push(ilike(profiles.name, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const rows = await db
    .select({ ...keptColumns, mainPhotoId: photos.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(photos, and(eq(photos.userId, profiles.userId), eq(photos.isMain, true)))
    .where(and(...parts))
    .orderBy(desc(profiles.userId))
    .limit(f.limit)
    .offset(f.offset);
  return rows as (KeptProfile & { mainPhotoId: number | null })[];
}

export async function findPhotos(db: Db | Tx, userId: number): Promise<Photo[]> {
  return db.select().from(photos).where(eq(photos.userId, userId)).orderBy(desc(photos.isMain), photos.id);
}

export async function findSite(db: Db | Tx, id: number) {
  const [site] = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
  return site;
}

/** The account of a new staff-kept profile: no password, an address nobody receives, active from the start. */
export async function insertKeptAccount(tx: Tx, siteId: number, language: string): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({
      siteId,
      email: `kept-${randomUUID()}@profiles.invalid`,
      passwordHash: null,
      status: 'active',
      language,
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  return row!.id;
}

/** Moves the account to another site (the profile's site changed). */
export async function moveKeptAccount(tx: Tx, userId: number, siteId: number): Promise<void> {
  await tx.update(users).set({ siteId }).where(eq(users.id, userId));
}
