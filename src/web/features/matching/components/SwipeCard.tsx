import type { ComponentProps, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MatchCard } from '../../../../shared/schemas/matching';
import { countryDisplayName } from '../../profile/profile-form';
import { VerifiedBadge } from '../../verification/VerifiedBadge';
import { matchReasonText } from './MatchReason';

/** Why the member is in the deck ("3 shared interests · 12 km", as in the match finder); empty when nothing applies. */
function useWhyLine(card: MatchCard): string {
  const { t } = useTranslation('matching');
  return card.shared_interests > 0 || card.distance_km !== null ? matchReasonText(t, card) : '';
}

function Photo({ card }: { card: MatchCard }) {
  const { t } = useTranslation('swipe');
  return (
    <div className="swipe-card-photo">
      {card.main_image ? (
        <img src={card.main_image.match} alt={t('photo_of', { name: card.name })} draggable={false} />
      ) : (
        <div className="swipe-card-placeholder" role="img" aria-label={t('no_photo', { name: card.name })}>
          <i className="bi bi-person-heart" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}

/**
 * The top card of the swipe stack: photo, name and age, place, why it fits and a link to the full profile, with the
 * LIKE and NOPE stamps that the drag fades in. `handlers` are the drag's pointer handlers (useSwipeDrag).
 */
export function SwipeCard({
  card,
  fictionalIcon,
  cardRef,
  handlers,
  profileHref = `/members/${card.id}`,
}: {
  card: MatchCard;
  fictionalIcon: string;
  cardRef: Ref<HTMLElement>;
  handlers: Omit<ComponentProps<'article'>, 'ref'>;
  /** where the card's info button leads (the member's profile; a lander: the member's landing page) */
  profileHref?: string;
}) {
  const { t, i18n } = useTranslation(['swipe', 'common']);
  const why = useWhyLine(card);
  const place = [card.city, countryDisplayName(card.country, i18n.language)].filter(Boolean).join(', ');
  const nameId = `swipe-card-name-${card.id}`;
  return (
    <article
      ref={cardRef}
      className="swipe-card swipe-card-top"
      aria-labelledby={nameId}
      data-testid="swipe-card"
      data-member-id={card.id}
      {...handlers}
    >
      <Photo card={card} />
      <span className="swipe-stamp swipe-stamp-like" aria-hidden="true">
        {t('stamp.like')}
      </span>
      <span className="swipe-stamp swipe-stamp-nope" aria-hidden="true">
        {t('stamp.nope')}
      </span>
      <div className="swipe-card-info">
        <div className="min-w-0 flex-grow-1">
          <h2 className="swipe-card-name" id={nameId}>
            <span className="text-truncate">{card.name}</span>
            <span className="swipe-card-age">{card.age}</span>
            {card.fictional && (
              <i
                role="img"
                className={`bi bi-${fictionalIcon} swipe-card-fictional`}
                title={t('common:profile.fictional')}
                aria-label={t('common:profile.fictional')}
              />
            )}
            {card.verified && <VerifiedBadge className="ms-2 align-self-center" />}
          </h2>
          {place && (
            <p className="swipe-card-place">
              <i className="bi bi-geo-alt-fill me-1" aria-hidden="true" />
              {place}
            </p>
          )}
          {why && (
            <p className="swipe-card-why" data-testid="swipe-why">
              <i className="bi bi-tags me-1" aria-hidden="true" />
              {why}
            </p>
          )}
        </div>
        <Link
          to={profileHref}
          className="swipe-card-profile"
          draggable={false}
          aria-label={t('view_profile', { name: card.name })}
          title={t('view_profile', { name: card.name })}
          data-testid="swipe-profile-link"
        >
          <i className="bi bi-info-lg" aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}

/** The next card, peeking out behind the top one: not interactive, hidden from assistive technology. */
export function SwipeCardBehind({ card }: { card: MatchCard }) {
  return (
    <div className="swipe-card swipe-card-next" aria-hidden="true" inert>
      <Photo card={card} />
      <div className="swipe-card-info">
        <div className="min-w-0">
          <p className="swipe-card-name">
            <span className="text-truncate">{card.name}</span>
            <span className="swipe-card-age">{card.age}</span>
          </p>
        </div>
      </div>
    </div>
  );
}

/** The stack: the top card over the one behind it. `stackRef` carries the drag's progress (useSwipeDrag). */
export function SwipeStack({
  top,
  behind,
  stackRef,
  ...card
}: {
  top: MatchCard;
  behind: MatchCard | undefined;
  stackRef: Ref<HTMLDivElement>;
  fictionalIcon: string;
  cardRef: Ref<HTMLElement>;
  handlers: Omit<ComponentProps<'article'>, 'ref'>;
  profileHref?: string;
}) {
  return (
    <div className="swipe-stack" ref={stackRef}>
      {behind && <SwipeCardBehind key={behind.id} card={behind} />}
      <SwipeCard key={top.id} card={top} {...card} />
    </div>
  );
}
