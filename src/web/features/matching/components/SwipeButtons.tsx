import type { Ref } from 'react';
import type { SwipeAction } from '../hooks/use-swipe-deck';

/** The pass and like buttons under a swipe stack (the swipe game and the swipe lander). */
export function SwipeButtons({
  onSwipe,
  passLabel,
  likeLabel,
  testIdPrefix,
  likeRef,
}: {
  onSwipe: (action: SwipeAction) => void;
  /** the buttons' accessible names, e.g. "Pass on Anna" */
  passLabel: string;
  likeLabel: string;
  /** test ids are `${prefix}-pass` and `${prefix}-like` */
  testIdPrefix: string;
  likeRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="swipe-actions">
      <button
        type="button"
        className="swipe-button swipe-button-pass"
        onClick={() => onSwipe('pass')}
        aria-label={passLabel}
        title={passLabel}
        data-testid={`${testIdPrefix}-pass`}
      >
        <i className="bi bi-x-lg" aria-hidden="true" />
      </button>
      <button
        ref={likeRef}
        type="button"
        className="swipe-button swipe-button-like"
        onClick={() => onSwipe('like')}
        aria-label={likeLabel}
        title={likeLabel}
        data-testid={`${testIdPrefix}-like`}
      >
        <i className="bi bi-heart-fill" aria-hidden="true" />
      </button>
    </div>
  );
}
