import { ageOn } from '../../../shared/dates';
import type { AdminProfile, AdminProfileSummary } from '../../../shared/schemas/admin-profiles';
import type { GENDERS } from '../../../shared/schemas/profiles';
import type { Photo } from '../../db/schema';
import type { KeptProfile } from './profiles-admin.repo';

type Gender = (typeof GENDERS)[number];
const gender = (g: string | null): Gender | null => (g === 'male' || g === 'female' ? g : null);

/**
 * Staff see a kept profile whole (it is the network's own), photos in any state: the console shows their status.
 * Photos are shown through the staff-only image call of the photo queue (any status: pending ones are not public).
 */
const staffImage = (photoId: number, size: 'thumb' | 'main') =>
  `/api/admin/photo-image.php?id=${photoId}&size=${size}`;

export function presentKeptSummary(kept: KeptProfile, mainPhotoId: number | null): AdminProfileSummary {
  const p = kept.profile;
  return {
    id: p.userId,
    kind: p.kind,
    site_id: kept.siteId,
    site_domain: kept.siteDomain,
    name: p.name,
    gender: gender(p.gender),
    seeking_gender: gender(p.seekingGender),
    birth_date: p.birthDate,
    age: ageOn(p.birthDate),
    country: p.country,
    region: p.region,
    city: p.city,
    visible: !p.invisible,
    created_at: kept.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    thumb_filename: mainPhotoId ? staffImage(mainPhotoId, 'thumb') : null,
  };
}

export function presentKeptProfile(kept: KeptProfile, photos: Photo[]): AdminProfile {
  const { thumb_filename: _thumb, ...summary } = presentKeptSummary(kept, null);
  return {
    ...summary,
    about: kept.profile.about,
    interests: [...kept.profile.interests],
    photos: photos.map((ph) => ({
      id: ph.id,
      main: ph.isMain,
      status: ph.status,
      thumb_filename: staffImage(ph.id, 'thumb'),
      filename: staffImage(ph.id, 'main'),
    })),
  };
}

/** What the audit log keeps of a kept profile: its fields, no location cell. */
export function auditSnapshot(kept: KeptProfile) {
  const p = kept.profile;
  return {
    kind: p.kind,
    site_id: kept.siteId,
    name: p.name,
    gender: p.gender,
    seeking_gender: p.seekingGender,
    birth_date: p.birthDate,
    country: p.country,
    region: p.region,
    city: p.city,
    about: p.about,
    interests: p.interests,
    visible: !p.invisible,
  };
}
