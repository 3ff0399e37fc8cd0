import { eq } from 'drizzle-orm';
import type {
  AdminProfile,
  AdminProfileInput,
  AdminProfilesQuery,
  AdminProfilesResponse,
} from '../../../shared/schemas/admin-profiles';
import type { Db } from '../../db/client';
import { type Photo, profiles } from '../../db/schema';
import { fieldError, notFound } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/storage';
import { findCity } from '../geo/geocode';
import { refreshSearchable } from '../members/searchable';
import { deleteOwnPhoto, uploadPhoto } from '../photos/photos.service';
import { snapToGrid } from '../profiles/location';
import { announceListingChange } from '../search/search.cache';
import { recordStaffAction } from '../staff/staff-audit';
import { auditSnapshot, presentKeptProfile, presentKeptSummary } from './profiles-admin.presenter';
import {
  findKeptProfile,
  findPhotos,
  findSite,
  insertKeptAccount,
  type KeptProfile,
  listKeptProfiles,
  moveKeptAccount,
} from './profiles-admin.repo';

/**
 * Fictional, cam and resell profiles, kept by the network's staff in the console (issue 22, point 8;
 * docs/decisions.md "Cam section"). Each is an account without a password (the database refuses one, and any
 * member session for it) on the site the staff chose, with an address nobody receives. Every change is audited in
 * the transaction that makes it.
 */

export const ADMIN_PROFILES_PAGE = 30;

const siteUnknown = () =>
  fieldError(400, 'validation_failed', 'site_id', 'validation.staff_profile.site_unknown');

/** The profile columns an input sets; the location cell of the city when the geocoder knows it. */
function profileValues(input: AdminProfileInput, niche: number) {
  const place = input.city ? findCity(input.city, input.country) : undefined;
  return {
    kind: input.kind,
    name: input.name,
    gender: input.gender,
    seekingGender: input.seeking_gender,
    birthDate: input.birth_date,
    country: input.country,
    region: input.region || (place?.region ?? null),
    city: input.city || null,
    latCell: place ? snapToGrid(place.lat) : null,
    lonCell: place ? snapToGrid(place.lon) : null,
    niche,
    about: input.about,
    interests: input.interests,
    invisible: !input.visible,
    status: 'active',
    updatedAt: new Date(),
  };
}

async function present(db: Db, kept: KeptProfile): Promise<AdminProfile> {
  return presentKeptProfile(kept, await findPhotos(db, kept.profile.userId));
}

export async function listProfiles(db: Db, q: AdminProfilesQuery): Promise<AdminProfilesResponse> {
  const rows = await listKeptProfiles(db, {
    kind: q.kind,
    siteId: q.site_id,
    q: q.q,
    limit: ADMIN_PROFILES_PAGE + 1,
    offset: (q.page - 1) * ADMIN_PROFILES_PAGE,
  });
  return {
    profiles: rows.slice(0, ADMIN_PROFILES_PAGE).map((r) => presentKeptSummary(r, r.mainPhotoId)),
    more: rows.length > ADMIN_PROFILES_PAGE,
  };
}

export async function getProfile(db: Db, id: number): Promise<AdminProfile> {
  const kept = await findKeptProfile(db, id);
  if (!kept) throw notFound();
  return present(db, kept);
}

export async function createProfile(
  db: Db,
  staffId: number,
  input: AdminProfileInput,
): Promise<AdminProfile> {
  const id = await db.transaction(async (tx) => {
    const site = await findSite(tx, input.site_id);
    if (!site) throw siteUnknown();
    const userId = await insertKeptAccount(tx, site.id, site.domainLanguage);
    await tx.insert(profiles).values({ userId, ...profileValues(input, site.niche) });
    await refreshSearchable(tx, userId);
    const kept = await findKeptProfile(tx, userId);
    await recordStaffAction(tx, staffId, {
      action: 'profile.create',
      targetType: 'profile',
      targetId: userId,
      after: auditSnapshot(kept!),
      siteId: site.id,
    });
    return userId;
  });
  announceListingChange();
  return getProfile(db, id);
}

export async function updateProfile(
  db: Db,
  staffId: number,
  id: number,
  input: AdminProfileInput,
): Promise<AdminProfile> {
  await db.transaction(async (tx) => {
    const before = await findKeptProfile(tx, id, true);
    if (!before) throw notFound();
    const site = await findSite(tx, input.site_id);
    if (!site) throw siteUnknown();
    if (site.id !== before.siteId) await moveKeptAccount(tx, id, site.id);
    await tx.update(profiles).set(profileValues(input, site.niche)).where(eq(profiles.userId, id));
    await refreshSearchable(tx, id);
    const after = await findKeptProfile(tx, id);
    await recordStaffAction(tx, staffId, {
      action: 'profile.update',
      targetType: 'profile',
      targetId: id,
      before: auditSnapshot(before),
      after: auditSnapshot(after!),
      siteId: site.id,
    });
  });
  announceListingChange();
  return getProfile(db, id);
}

/**
 * A photo for a staff-kept profile, through the members' pipeline (photos.service uploadPhoto: re-encoded by
 * sharp into its sizes, metadata stripped, held until screened, the member limits apply); `afterUpload` starts
 * the screening. The audit row follows the stored photo.
 */
export async function addProfilePhoto(
  db: Db,
  storage: MediaStorage,
  staffId: number,
  id: number,
  file: Buffer,
): Promise<AdminProfile> {
  const kept = await findKeptProfile(db, id);
  if (!kept) throw notFound();
  const photo: Photo = await uploadPhoto(db, storage, { userId: id, file });
  await db.transaction(async (tx) => {
    await recordStaffAction(tx, staffId, {
      action: 'profile.photo.add',
      targetType: 'profile',
      targetId: id,
      after: { photo: photo.id, main: photo.isMain },
      siteId: kept.siteId,
    });
  });
  return getProfile(db, id);
}

export async function deleteProfilePhoto(
  db: Db,
  storage: MediaStorage,
  staffId: number,
  id: number,
  photoId: number,
): Promise<AdminProfile> {
  const kept = await findKeptProfile(db, id);
  if (!kept) throw notFound();
  const photo = (await findPhotos(db, id)).find((p) => p.id === photoId);
  if (!photo) throw notFound();
  await deleteOwnPhoto(db, storage, id, photoId);
  await db.transaction(async (tx) => {
    await recordStaffAction(tx, staffId, {
      action: 'profile.photo.delete',
      targetType: 'profile',
      targetId: id,
      before: { photo: photo.id, main: photo.isMain, status: photo.status },
      siteId: kept.siteId,
    });
  });
  return getProfile(db, id);
}
