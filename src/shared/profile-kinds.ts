/**
 * What a profile is (profiles.kind): a member's own profile, or one the network's staff keep: fictional, a
 * performer of the companion cam section ('cam') or a member of a partner site shown here with consent ('resell').
 * docs/decisions.md "Cam section". Without zod, so the web app's first page can mark cards without loading the
 * schemas (schemas/profile-kind.ts holds the schema and re-exports these).
 */
export const PROFILE_KINDS = ['member', 'fictional', 'cam', 'resell'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/** The kinds shown in the cam section (/cams), marked as such wherever they appear. */
export const CAM_KINDS = ['cam', 'resell'] as const;
export type CamKind = (typeof CAM_KINDS)[number];
export const isCamKind = (kind: string | undefined): kind is CamKind => kind === 'cam' || kind === 'resell';
