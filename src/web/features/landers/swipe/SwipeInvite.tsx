import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MatchCard } from '../../../../shared/schemas/matching';
import { SignupLink } from '../../signup/components/SignupLink';
import { signupsAllowed } from '../../signup/signups-allowed';
import { useSettings } from '../../site/api/settings';

/** Names shown in the invitation; past these, "and 3 others". */
const NAMED = 3;

/** "Anna, Bea and Cleo" (or "Anna, Bea and 3 others") in the page's language. */
export function namesList(
  names: readonly string[],
  language: string,
  others: (count: number) => string,
): string {
  const shown =
    names.length > NAMED ? [...names.slice(0, NAMED - 1), others(names.length - NAMED + 1)] : names;
  let format: Intl.ListFormat;
  try {
    format = new Intl.ListFormat(language, { type: 'conjunction' });
  } catch {
    format = new Intl.ListFormat(undefined, { type: 'conjunction' });
  }
  return format.format(shown);
}

/** The photos of the members the visitor liked, fanned out, with a heart: or the panel's icon without photos. */
function LikedFaces({ liked }: { liked: readonly MatchCard[] }) {
  const photos = liked.flatMap((c) => (c.main_image ? [{ id: c.id, src: c.main_image.thumb_filename }] : []));
  if (photos.length === 0)
    return (
      <div className="swipe-panel-icon" aria-hidden="true">
        <i className={`bi ${liked.length > 0 ? 'bi-heart-fill' : 'bi-stars'}`} />
      </div>
    );
  return (
    <div className="lander-swipe-faces" aria-hidden="true">
      {photos.slice(-NAMED).map((p) => (
        <img key={p.id} src={p.src} alt="" className="lander-swipe-face" draggable={false} />
      ))}
      <span className="lander-swipe-faces-heart">
        <i className="bi bi-heart-fill" />
      </span>
    </div>
  );
}

/**
 * The lander's invitation: after a few likes (or when the cards run out) it tells the visitor who they liked and
 * asks them to create a free account to find out who likes them back. Where signing up is closed for the visitor,
 * it offers the login instead. `focus`: the heading takes the focus when the swipe buttons have gone from under it.
 */
export function SwipeInvite({
  liked,
  focus,
  onResume,
}: {
  liked: readonly MatchCard[];
  focus: boolean;
  /** "Keep swiping", while cards are left */
  onResume?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation('landers');
  const settings = useSettings();
  const canSignUp = signupsAllowed(settings);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    const active = document.activeElement;
    if (active === null || active === document.body) heading.current?.focus();
  }, [focus]);

  const names = namesList(
    liked.map((c) => c.name),
    i18n.language,
    (count) => t('tinderswipe.invite.others', { count }),
  );
  const variant = liked.length > 0 ? 'liked' : 'none';
  const text = t(`tinderswipe.invite.${canSignUp ? 'signup' : 'login'}_text_${variant}`, { names });

  return (
    <section
      className="swipe-panel lander-swipe-invite"
      aria-labelledby="lander-swipe-invite-title"
      data-testid="lander-swipe-invite"
    >
      <LikedFaces liked={liked} />
      <h2 className="h4 fw-bold mb-2" id="lander-swipe-invite-title" ref={heading} tabIndex={-1}>
        {t(`tinderswipe.invite.title_${variant}`)}
      </h2>
      <p className="text-body-secondary mb-0">{text}</p>
      <div className="d-grid gap-2 mt-4">
        {canSignUp ? (
          <SignupLink className="btn btn-primary rounded-pill lander-swipe-cta" testId="lander-swipe-signup">
            <i className="bi bi-heart-fill me-2" aria-hidden="true" />
            {t('tinderswipe.invite.signup')}
          </SignupLink>
        ) : (
          <Link
            to="/login"
            className="btn btn-primary rounded-pill lander-swipe-cta"
            data-testid="lander-swipe-login"
          >
            <i className="bi bi-box-arrow-in-right me-2" aria-hidden="true" />
            {t('tinderswipe.invite.login')}
          </Link>
        )}
        {onResume && (
          <button
            type="button"
            className="btn btn-link lander-swipe-resume"
            onClick={onResume}
            data-testid="lander-swipe-resume"
          >
            {t('tinderswipe.invite.resume')}
            <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
          </button>
        )}
      </div>
      {canSignUp && (
        <>
          <ul className="lander-swipe-perks">
            <li>
              <i className="bi bi-check-circle-fill" aria-hidden="true" />
              {t('tinderswipe.perks.free')}
            </li>
            <li>
              <i className="bi bi-shield-lock-fill" aria-hidden="true" />
              {t('tinderswipe.perks.discreet')}
            </li>
          </ul>
          <p className="lander-swipe-member">
            {t('tinderswipe.invite.member')}{' '}
            <Link to="/login" data-testid="lander-swipe-member-login">
              {t('tinderswipe.invite.member_login')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
