import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileUpdate } from '../../../shared/schemas/profiles';
import type { CountryRegions } from '../../../shared/schemas/sites';
import { ownProfileQueryKey, updateProfileCall } from './api/profile';

/** PUT /api/profile.php body: the changed profile fields, plus the shared position (lat/lon) when there is one. */
export type ProfileSaveBody = ProfileUpdate & { lat?: number; lon?: number };

/** The own profile as the server answers it; `has_location` tells whether a position was ever shared. */
export type OwnProfileWithLocation = OwnProfile & { has_location?: boolean };

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v) => b.includes(v));
  return a === b;
}

/** Only the fields whose value differs from the saved profile (arrays compared as sets, e.g. interests). */
export function changedFields<T extends Record<string, unknown>>(
  saved: Partial<Record<keyof T, unknown>>,
  values: T,
): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    if (!same(saved[key], values[key])) out[key] = values[key];
  }
  return out;
}

/** One section's save call: the answer replaces the cached own profile; a new country refreshes the member. */
export function useProfileSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileSaveBody) => updateProfileCall(body),
    onSuccess: (profile, body) => {
      client.setQueryData(ownProfileQueryKey, profile);
      if (body.country !== undefined) void client.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/** A country's name in the member's language (the code itself when the browser does not know it). */
export function countryDisplayName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The region code of a geocoded region: matched by code, else by name, else none. */
export function matchRegion(
  countryRegions: CountryRegions | undefined,
  region: string | null,
): string | null {
  if (!region || !countryRegions) return null;
  const byCode = countryRegions.regions.find((r) => r.code === region);
  if (byCode) return byCode.code;
  const name = region.toLocaleLowerCase();
  return countryRegions.regions.find((r) => r.name.toLocaleLowerCase() === name)?.code ?? null;
}
