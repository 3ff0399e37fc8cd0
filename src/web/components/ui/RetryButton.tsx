import { BusyButton } from './BusyButton';

const VARIANTS = {
  /** The main action of a whole-page or whole-list error state. */
  pill: 'btn btn-primary rounded-pill px-4',
  /** Under the error text of a settings card. */
  outline: 'btn btn-outline-primary btn-sm rounded-pill',
  /** Inside an alert's sentence. */
  link: 'btn btn-link p-0 align-baseline',
} as const;

/**
 * "Try again" after a failed load: disabled with a spinner while the new attempt runs, so a second click cannot
 * start another and the member sees that something happens.
 */
export function RetryButton({
  onRetry,
  busy,
  label,
  variant,
  testId,
}: {
  onRetry: () => void;
  busy: boolean;
  label: string;
  variant: keyof typeof VARIANTS;
  testId?: string;
}) {
  return (
    <BusyButton busy={busy} className={VARIANTS[variant]} onClick={onRetry} data-testid={testId}>
      {label}
    </BusyButton>
  );
}
