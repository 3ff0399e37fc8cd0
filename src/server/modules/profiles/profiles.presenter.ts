import type { OwnProfile } from '../../../shared/schemas/profiles';
import type { Profile } from '../../db/schema';

/** The member's own profile, every field (only ever sent to its owner). */
export function presentOwnProfile(p: Profile): OwnProfile {
  return {
    id: p.userId,
    name: p.name,
    status: p.status,
    gender: p.gender,
    seeking_gender: p.seekingGender,
    sexuality: p.sexuality,
    hair_color: p.hairColor,
    eye_color: p.eyeColor,
    body_type: p.bodyType,
    relationship_status: p.relationshipStatus,
    tattoos: p.tattoos,
    signup_reason: p.signupReason,
    birth_date: p.birthDate,
    country: p.country,
    region: p.region,
    city: p.city,
    about: p.about,
    interests: p.interests,
    has_location: p.latCell !== null && p.lonCell !== null,
  };
}
