import { z } from 'zod';

/**
 * What a profile is (profiles.kind): a member's own profile, or one the network's staff keep: fictional, a
 * performer of the companion cam section ('cam') or a member of a partner site shown here with consent ('resell').
 * docs/decisions.md "Cam section".
 */
export const PROFILE_KINDS = ['member', 'fictional', 'cam', 'resell'] as const;
export const profileKindSchema = z.enum(PROFILE_KINDS);
export type ProfileKind = z.infer<typeof profileKindSchema>;

/** The kinds shown in the cam section (/cams), marked as such wherever they appear. */
export const CAM_KINDS = ['cam', 'resell'] as const;
export type CamKind = (typeof CAM_KINDS)[number];
export const isCamKind = (kind: string | undefined): kind is CamKind => kind === 'cam' || kind === 'resell';
