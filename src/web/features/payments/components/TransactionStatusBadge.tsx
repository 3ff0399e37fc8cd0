import { useTranslation } from 'react-i18next';
import type { Payment } from '../../../../shared/schemas/payments';

const LOOK: Record<Payment['status'], { tone: string; icon: string }> = {
  open: { tone: 'processing', icon: 'hourglass-split' },
  pending: { tone: 'processing', icon: 'hourglass-split' },
  authorized: { tone: 'processing', icon: 'hourglass-split' },
  paid: { tone: 'paid', icon: 'check-circle-fill' },
  failed: { tone: 'failed', icon: 'x-circle-fill' },
  canceled: { tone: 'failed', icon: 'x-circle-fill' },
  expired: { tone: 'failed', icon: 'clock-history' },
  refunded: { tone: 'reversed', icon: 'arrow-counterclockwise' },
  charged_back: { tone: 'reversed', icon: 'arrow-counterclockwise' },
};

/** A payment's status as a coloured pill with an icon (the colour is never the only sign: the text says it). */
export function TransactionStatusBadge({ status }: { status: Payment['status'] }) {
  const { t } = useTranslation('transactions');
  const look = LOOK[status];
  return (
    <span className={`transaction-status transaction-status-${look.tone}`} data-testid="transaction-status">
      <i className={`bi bi-${look.icon}`} aria-hidden="true" />
      {t(`status.${status}`)}
    </span>
  );
}
