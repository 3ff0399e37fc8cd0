import type { MemberResponse } from '../../../shared/schemas/member-profile';
import { MEMBER_ERROR_CODES } from '../../../shared/schemas/member-profile';
import type { Db } from '../../db/client';
import type { Site } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SessionWithUser } from '../auth/sessions.repo';
import { hasBlocked } from '../blocks/blocks.policy';
import { loggedOutMayView, memberAccess, type ViewerFacts } from './member-profile.policy';
import { presentMemberProfile, presentProfileCard } from './member-profile.presenter';
import { conversationExists, findActivePhotos, findMember, findRelatedCards } from './member-profile.repo';

export const RELATED_LIMIT = 6;

export const memberNotFound = () =>
  new AppError(404, MEMBER_ERROR_CODES.notFound, `errors.${MEMBER_ERROR_CODES.notFound}`);
export const blockedByMember = () =>
  new AppError(403, MEMBER_ERROR_CODES.blockedByMember, `errors.${MEMBER_ERROR_CODES.blockedByMember}`);

export interface ViewMemberInput {
  memberId: number;
  /** the signed-in viewer, or null for a logged-out visitor */
  viewer: Pick<SessionWithUser, 'user'> | null;
  site: Pick<Site, 'niche' | 'cdnPrefix' | 'visibleProfileFields' | 'loggedOutSearch'>;
}

/** Another member's profile and similar members, as far as the viewer may see them (see member-profile.policy). */
export async function viewMember(db: Db, input: ViewMemberInput): Promise<MemberResponse> {
  const { memberId, site } = input;
  const viewerId = input.viewer?.user.id ?? null;
  if (viewerId === null && !loggedOutMayView(site.loggedOutSearch))
    throw new AppError(403, 'authentication_required');

  const member = await findMember(db, memberId);
  if (!member) throw memberNotFound();

  const isOwner = viewerId === memberId;
  const others = viewerId !== null && !isOwner;
  const [hasConversation, blockedViewer, blockedByMe] = others
    ? await Promise.all([
        conversationExists(db, viewerId, memberId),
        hasBlocked(db, memberId, viewerId),
        hasBlocked(db, viewerId, memberId),
      ])
    : [false, false, false];
  const viewer: ViewerFacts = {
    viewerId,
    premium: input.viewer?.user.paidUser ?? false,
    isOwner,
    hasConversation,
  };
  const access = memberAccess(
    {
      userStatus: member.userStatus,
      profileStatus: member.profile.status,
      invisible: member.profile.invisible,
      blockedViewer,
    },
    viewer,
  );
  if (access === 'not_found') throw memberNotFound();
  if (access === 'blocked_by_member') throw blockedByMember();

  const [photos, related] = await Promise.all([
    findActivePhotos(db, memberId),
    findRelatedCards(db, {
      niche: site.niche,
      country: member.profile.country,
      gender: member.profile.gender,
      memberId,
      viewerId,
      limit: RELATED_LIMIT,
    }),
  ]);
  const opts = { cdnPrefix: site.cdnPrefix, visibleFields: site.visibleProfileFields };
  const now = new Date();
  return {
    profile: presentMemberProfile(member, photos, { ...opts, viewer, blockedByMe, now }),
    related: related.map((r) => presentProfileCard(r, opts, now)),
  };
}
