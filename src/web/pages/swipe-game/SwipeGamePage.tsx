import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { RetryButton } from '../../components/ui/RetryButton';
import { MatchModal } from '../../features/likes/components/MatchModal';
import { SwipeButtons } from '../../features/matching/components/SwipeButtons';
import { SwipeStack } from '../../features/matching/components/SwipeCard';
import { SwipeEmpty, SwipeLimitPanel } from '../../features/matching/components/SwipePanels';
import { useArrowSwipe } from '../../features/matching/hooks/use-arrow-swipe';
import {
  type SwipeAction,
  type SwipeAllowance,
  useSwipeDeck,
} from '../../features/matching/hooks/use-swipe-deck';
import { flyOut, resetStack, useSwipeDrag } from '../../features/matching/hooks/use-swipe-drag';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/** "2 of 4 likes left today", with a heart per like of the day: filled while left. */
function LikesCounter({ allowance }: { allowance: SwipeAllowance }) {
  const { t } = useTranslation('swipe');
  const hearts = Math.min(allowance.likes_per_day, 10);
  return (
    <p className="swipe-counter" aria-live="polite" aria-atomic="true" data-testid="swipe-likes-left">
      <span className="swipe-counter-hearts" aria-hidden="true">
        {Array.from({ length: hearts }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the hearts are identical places, never reordered
          <i key={i} className={`bi ${i < allowance.likes_left ? 'bi-heart-fill' : 'bi-heart'}`} />
        ))}
      </span>
      <span>{t('likes_left', { count: allowance.likes_left, total: allowance.likes_per_day })}</span>
    </p>
  );
}

/** The swipe game (/swipe-game): one member at a time, like or pass by button, arrow key or drag. */
export function SwipeGamePage() {
  const { t } = useTranslation(['swipe', 'members']);
  const settings = useSettings();
  useHead({ title: t('title'), siteName: settings.name });
  const deck = useSwipeDeck();
  const { query, cards, allowance, limitReached, failure, swipe } = deck;
  const top = cards[0];
  const behind = cards[1];
  const playing = top !== undefined && !limitReached;

  const cardRef = useRef<HTMLElement>(null);
  const stackRef = useRef<HTMLDivElement>(null);
  /** a card is flying out: further swipes wait for it */
  const leaving = useRef(false);

  const act = useCallback(
    (action: SwipeAction) => {
      if (!top || limitReached || leaving.current) return;
      leaving.current = true;
      flyOut(cardRef.current, stackRef.current, action, () => {
        leaving.current = false;
        swipe(top, action);
      });
    },
    [top, limitReached, swipe],
  );

  // The card behind has become the top card: the stack's drag progress starts again.
  const topId = top?.id;
  useLayoutEffect(() => {
    if (topId !== undefined) resetStack(stackRef.current);
  }, [topId]);

  const drag = useSwipeDrag({ cardRef, stackRef, enabled: playing, onSwipe: act });

  const matchOpen = deck.match !== null;
  useArrowSwipe(playing && !matchOpen, act);

  // The photo after the next one loads ahead, so the stack never shows an empty frame.
  const ahead = cards[2]?.main_image?.match;
  useEffect(() => {
    if (!ahead) return;
    const img = new Image();
    img.src = ahead;
  }, [ahead]);

  const loadError = (
    <div className="swipe-panel" role="alert" data-testid="swipe-error">
      <i className="bi bi-wifi-off state-icon text-body-tertiary d-block mb-2" aria-hidden="true" />
      <p className="mb-3">{t('load_error')}</p>
      <RetryButton
        variant="pill"
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
        label={t('retry')}
        testId="swipe-retry"
      />
    </div>
  );

  let body: ReactNode;
  if (!query.data && query.isError) body = loadError;
  else if (!query.data || !allowance) body = <PageSpinner />;
  else if (limitReached)
    body = (
      <SwipeLimitPanel
        message={deck.limitMessage}
        likesPerDay={allowance.likes_per_day}
        nextFreeAt={allowance.next_free_at}
      />
    );
  else if (top)
    body = (
      <>
        <SwipeStack
          top={top}
          behind={behind}
          stackRef={stackRef}
          fictionalIcon={settings.fictional_icon}
          cardRef={cardRef}
          handlers={drag}
        />
        <SwipeButtons
          onSwipe={act}
          passLabel={t('pass', { name: top.name })}
          likeLabel={t('like', { name: top.name })}
          testIdPrefix="swipe"
        />
        <p className="swipe-hint">{t('keyboard_hint')}</p>
      </>
    );
  else if (query.isError) body = loadError;
  else if (deck.empty) body = <SwipeEmpty />;
  else body = <PageSpinner />;

  return (
    <div className="swipe-page" data-testid="swipe-game">
      <div className="swipe-game container">
        <header className="swipe-header">
          <h1 className="swipe-title">{t('title')}</h1>
          {allowance && <LikesCounter allowance={allowance} />}
        </header>
        {failure && (
          <div className="alert alert-danger swipe-alert" role="alert" data-testid="swipe-error">
            <span className="flex-grow-1">
              {t(failure.reason === 'generic' ? 'error.generic' : `error.${failure.reason}`, {
                name: failure.card.name,
              })}
            </span>
            <RetryButton
              variant="link"
              onRetry={() => (top?.id === failure.card.id ? act(failure.action) : deck.dismissFailure())}
              busy={false}
              label={t('retry')}
              testId="swipe-error-retry"
            />
            <button
              type="button"
              className="btn-close"
              aria-label={t('error.dismiss')}
              onClick={deck.dismissFailure}
            />
          </div>
        )}
        {body}
        <p className="visually-hidden" role="status">
          {deck.last ? t(`announce.${deck.last.action}`, { name: deck.last.name }) : ''}
        </p>
      </div>
      <MatchModal other={deck.match} onHide={deck.dismissMatch} />
    </div>
  );
}
