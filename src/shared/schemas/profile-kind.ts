import { z } from 'zod';
import { PROFILE_KINDS } from '../profile-kinds';

// The kinds themselves (PROFILE_KINDS, CAM_KINDS, isCamKind) live in ../profile-kinds.ts, without zod.
export { CAM_KINDS, type CamKind, isCamKind, PROFILE_KINDS } from '../profile-kinds';

export const profileKindSchema = z.enum(PROFILE_KINDS);
export type ProfileKind = z.infer<typeof profileKindSchema>;
