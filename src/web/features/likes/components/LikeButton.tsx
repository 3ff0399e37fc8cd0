import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LikeResponse } from '../../../../shared/schemas/likes';
import type { ProfileCard } from '../../../../shared/schemas/members';
import { BusyButton } from '../../../components/ui/BusyButton';
import { ApiError } from '../../../lib/http';
import { afterLikeChange, likeCall, unlikeCall } from '../api/likes';
import { MatchModal } from './MatchModal';

/** The translation key of a failed like or unlike. */
export function likeErrorKey(error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.code === 'member_not_found'))
    return 'likes.error_not_found';
  if (error instanceof ApiError && (error.status === 429 || error.code === 'rate_limited'))
    return 'likes.error_rate_limited';
  return 'likes.error';
}

/** Like or unlike one member; a like that makes a match opens the match modal. */
function useLikeToggle(id: number, onMatch: (answer: LikeResponse) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (like: boolean) => {
      if (like) return likeCall(id);
      await unlikeCall(id);
      return null;
    },
    onSuccess: (answer, like) => {
      afterLikeChange(client, id, like, answer?.match);
      if (answer?.match) onMatch(answer);
    },
  });
}

/** The profile's Like / Unlike button (a toggle: aria-pressed), its error and the match modal. */
export function LikeButton({ profile }: { profile: { id: number; name: string; liked_by_me: boolean } }) {
  const { t } = useTranslation('members');
  const [match, setMatch] = useState<ProfileCard | null>(null);
  const toggle = useLikeToggle(profile.id, (answer) => setMatch(answer.profile));
  const liked = profile.liked_by_me;
  return (
    <>
      <BusyButton
        className={`btn ${liked ? 'btn-outline-primary' : 'btn-primary'} btn-lg rounded-pill w-100 mt-3`}
        aria-pressed={liked}
        aria-label={t('likes.like', { name: profile.name })}
        title={liked ? t('likes.unlike', { name: profile.name }) : undefined}
        busy={toggle.isPending}
        onClick={() => toggle.mutate(!liked)}
        data-testid="member-like"
      >
        {!toggle.isPending && (
          <i className={`bi ${liked ? 'bi-heart-fill' : 'bi-heart'} me-2`} aria-hidden="true" />
        )}
        {liked ? t('likes.liked') : t('likes.like', { name: profile.name })}
      </BusyButton>
      {toggle.isError && (
        <p className="small text-danger-emphasis mt-2 mb-0" role="alert" data-testid="member-like-error">
          <i className="bi bi-exclamation-triangle-fill me-1" aria-hidden="true" />
          {t(likeErrorKey(toggle.error))}
        </p>
      )}
      <MatchModal other={match} onHide={() => setMatch(null)} />
    </>
  );
}

/**
 * The small heart on a profile card. Cards carry no like state, so it starts unpressed and remembers what was done
 * here; it sits beside the card's link (not inside it), so a click never opens the profile.
 */
export function CardLikeButton({
  profile,
  initiallyLiked,
}: {
  profile: ProfileCard;
  initiallyLiked: boolean;
}) {
  const { t } = useTranslation('members');
  const [liked, setLiked] = useState(initiallyLiked);
  // A refetched search (another page, a like elsewhere) brings the server's word: follow it.
  useEffect(() => setLiked(initiallyLiked), [initiallyLiked]);
  const [match, setMatch] = useState<ProfileCard | null>(null);
  const toggle = useLikeToggle(profile.id, (answer) => setMatch(answer.profile));
  const onClick = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const next = !liked;
    toggle.mutate(next, { onSuccess: () => setLiked(next) });
  };
  const label = t('likes.like', { name: profile.name });
  const error = toggle.isError ? t(likeErrorKey(toggle.error)) : undefined;
  return (
    <>
      <BusyButton
        className={`btn btn-light btn-sm rounded-circle shadow-sm card-like-button ${liked ? 'text-primary' : 'text-body'}`}
        aria-pressed={liked}
        aria-label={label}
        title={error ?? (liked ? t('likes.unlike', { name: profile.name }) : label)}
        busy={toggle.isPending}
        onClick={onClick}
        data-testid="card-like"
      >
        {!toggle.isPending && (
          <i
            className={`bi ${toggle.isError ? 'bi-exclamation-triangle text-danger' : liked ? 'bi-heart-fill' : 'bi-heart'}`}
            aria-hidden="true"
          />
        )}
      </BusyButton>
      {error && (
        <span className="visually-hidden" role="alert">
          {error}
        </span>
      )}
      <MatchModal other={match} onHide={() => setMatch(null)} />
    </>
  );
}
