import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { RetryButton } from '../../components/ui/RetryButton';
import { useCurrentUser } from '../../features/auth/api/session';
import { SwipeInvite } from '../../features/landers/swipe/SwipeInvite';
import { LIKES_TO_INVITE, useTeaserDeck } from '../../features/landers/swipe/use-teaser-deck';
import { useShowcase } from '../../features/landing/api';
import { SwipeButtons } from '../../features/matching/components/SwipeButtons';
import { SwipeStack } from '../../features/matching/components/SwipeCard';
import { useArrowSwipe } from '../../features/matching/hooks/use-arrow-swipe';
import type { SwipeAction } from '../../features/matching/hooks/use-swipe-deck';
import { flyOut, resetStack, useSwipeDrag } from '../../features/matching/hooks/use-swipe-drag';
import { useSignupModal } from '../../features/signup/open-signup';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { currentLocale } from '../../lib/i18n';

/**
 * The swipe lander (/landers/tinderswipe) for visitors from advertising. A signed-in member plays the real game
 * instead (but not while the signup modal, opened here, is still finishing).
 */
export function TinderSwipeLanderPage() {
  const user = useCurrentUser();
  const modal = useSignupModal();
  if (user && !modal?.open) return <Navigate to="/swipe-game" replace />;
  return <SwipeLander />;
}

/** Hearts that fill with the visitor's likes until the invitation. */
function LikeMeter({ likes }: { likes: number }) {
  const { t } = useTranslation('landers');
  const filled = Math.min(likes, LIKES_TO_INVITE);
  return (
    <p className="swipe-counter lander-swipe-meter" data-testid="lander-swipe-meter">
      <span className="swipe-counter-hearts" aria-hidden="true">
        {Array.from({ length: LIKES_TO_INVITE }, (_, n) => n < filled).map((on, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the hearts are fixed places
          <i key={n} className={on ? 'bi bi-heart-fill' : 'bi bi-heart'} />
        ))}
      </span>
      {t('tinderswipe.meter', { count: filled, total: LIKES_TO_INVITE })}
    </p>
  );
}

function SwipeLander() {
  const { t } = useTranslation('landers');
  const settings = useSettings();
  useHead({ title: t('tinderswipe.head_title'), siteName: settings.name });
  const showcase = useShowcase(currentLocale());
  const teaser = useTeaserDeck(showcase.data);
  const { cards, inviting, choose } = teaser;
  const modal = useSignupModal();
  const top = inviting ? undefined : cards[0];
  const next = cards[1];
  const playing = top !== undefined;

  const cardRef = useRef<HTMLElement>(null);
  const stackRef = useRef<HTMLDivElement>(null);
  const likeRef = useRef<HTMLButtonElement>(null);
  /** the top card is flying out: another swipe waits for it */
  const flying = useRef(false);

  const swipe = useCallback(
    (action: SwipeAction) => {
      if (top === undefined || flying.current) return;
      flying.current = true;
      flyOut(cardRef.current, stackRef.current, action, () => {
        flying.current = false;
        choose(top, action);
      });
    },
    [top, choose],
  );
  const drag = useSwipeDrag({ cardRef, stackRef, enabled: playing, onSwipe: swipe });
  useArrowSwipe(playing && !modal?.open, swipe);

  // A new top card: the card behind starts from the back of the stack again.
  const topId = top?.id;
  useLayoutEffect(() => {
    if (topId !== undefined) resetStack(stackRef.current);
  }, [topId]);

  // Back from the invitation to the cards: the keyboard carries on from the like button.
  useEffect(() => {
    if (teaser.resumed) likeRef.current?.focus();
  }, [teaser.resumed]);

  // The photo after the next one loads ahead: the stack never shows an empty frame.
  const ahead = cards[2]?.main_image?.match;
  useEffect(() => {
    if (!ahead) return;
    const img = new Image();
    img.src = ahead;
  }, [ahead]);

  const failed = !teaser.ready && showcase.isError;
  let play: ReactNode;
  if (failed)
    play = (
      <>
        <div className="alert alert-warning lander-swipe-alert" role="alert" data-testid="lander-swipe-error">
          <i className="bi bi-wifi-off" aria-hidden="true" />
          <span className="flex-grow-1">{t('tinderswipe.load_error')}</span>
          <RetryButton
            variant="link"
            onRetry={() => void showcase.refetch()}
            busy={showcase.isFetching}
            label={t('tinderswipe.retry')}
            testId="lander-swipe-retry"
          />
        </div>
        <SwipeInvite liked={[]} focus={false} />
      </>
    );
  else if (!teaser.ready) play = <PageSpinner />;
  else if (top === undefined)
    play = (
      <SwipeInvite
        liked={teaser.liked}
        focus={teaser.swiped > 0}
        onResume={teaser.outOfCards ? undefined : teaser.resume}
      />
    );
  else
    play = (
      <>
        <SwipeStack
          top={top}
          behind={next}
          stackRef={stackRef}
          fictionalIcon={settings.fictional_icon}
          cardRef={cardRef}
          handlers={drag}
          profileHref={`/members/${top.id}/landing`}
        />
        <SwipeButtons
          onSwipe={swipe}
          passLabel={t('tinderswipe.pass', { name: top.name })}
          likeLabel={t('tinderswipe.like', { name: top.name })}
          testIdPrefix="lander-swipe"
          likeRef={likeRef}
        />
        <p className="swipe-hint">{t('tinderswipe.keyboard_hint')}</p>
      </>
    );

  return (
    <div className="swipe-page lander-swipe" data-testid="lander-swipe">
      <div className="container-lg lander-swipe-grid">
        <header className="lander-swipe-intro">
          <p className="lander-swipe-kicker">
            <i className="bi bi-stars" aria-hidden="true" />
            {t('tinderswipe.kicker')}
          </p>
          <h1 className="lander-swipe-title">{t('tinderswipe.title')}</h1>
          <p className="lander-swipe-lead">{t('tinderswipe.intro', { count: LIKES_TO_INVITE })}</p>
          {playing && !teaser.resumed && <LikeMeter likes={teaser.liked.length} />}
          <ul className="lander-swipe-steps">
            {(['swipe', 'match', 'chat'] as const).map((step, n) => (
              <li key={step}>
                <span className="lander-swipe-step-number" aria-hidden="true">
                  {n + 1}
                </span>
                {t(`tinderswipe.steps.${step}`)}
              </li>
            ))}
          </ul>
        </header>
        <div className="lander-swipe-play">{play}</div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="lander-swipe-status">
        {teaser.last ? t(`tinderswipe.announce.${teaser.last.action}`, { name: teaser.last.name }) : ''}
      </p>
    </div>
  );
}
