import type { AdminProfile, AdminProfileInput } from '../../../shared/schemas/admin-profiles';

/** The editor's state: the input, with the date and texts as the form holds them. */
export type ProfileDraft = AdminProfileInput;

export function emptyDraft(siteId: number): ProfileDraft {
  return {
    kind: 'fictional',
    site_id: siteId,
    name: '',
    gender: 'female',
    seeking_gender: 'male',
    birth_date: '',
    country: 'NL',
    region: null,
    city: null,
    about: '',
    interests: [],
    visible: true,
  };
}

export function draftOf(p: AdminProfile): ProfileDraft {
  return {
    kind: p.kind,
    site_id: p.site_id,
    name: p.name,
    gender: p.gender ?? 'female',
    seeking_gender: p.seeking_gender,
    birth_date: p.birth_date,
    country: p.country,
    region: p.region,
    city: p.city,
    about: p.about,
    interests: p.interests as ProfileDraft['interests'],
    visible: p.visible,
  };
}

/** The age a birth date gives today (null while the date is incomplete). */
export function ageOf(birthDate: string, now = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!m) return null;
  let age = now.getFullYear() - Number(m[1]);
  const month = now.getMonth() + 1;
  if (month < Number(m[2]) || (month === Number(m[2]) && now.getDate() < Number(m[3]))) age -= 1;
  return age;
}
