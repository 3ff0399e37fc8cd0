import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Bundle, CreditsResponse } from '../../../../shared/schemas/payments';
import { RetryButton } from '../../../components/ui/RetryButton';
import { ApiError } from '../../../lib/http';
import { formatMinor, formatVatRate, messagesFor } from './money';

/** The UI locale of the translations in use (also in tests with their own i18next instance). */
export function useUiLocale(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

/** Money and VAT texts of bundles in the UI locale (prices per message: UnitPrices, as the server answers them). */
export function useBundleFormat(messageCredits = 0) {
  const { t } = useTranslation('payments');
  const locale = useUiLocale();
  return {
    price: (b: Pick<Bundle, 'amount' | 'currency'>) => formatMinor(b.amount, b.currency, locale),
    money: (minor: number, currency: string) => formatMinor(minor, currency, locale),
    rate: (rateBp: number) => formatVatRate(rateBp, locale),
    messages: (b: Bundle) => {
      const n = messagesFor(b.credits, messageCredits);
      return n === undefined ? undefined : t('messages', { count: n });
    },
    /** "VAT included (21%)", or the no-VAT text for a rate of 0 */
    vat: (b: Pick<Bundle, 'vat_rate_bp'>) =>
      b.vat_rate_bp > 0
        ? t('vat_included_rate', { rate: formatVatRate(b.vat_rate_bp, locale) })
        : t('vat_none'),
  };
}

/** The badge of the bundle marked best value. */
export function BestValueBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation('payments');
  return (
    <span className={`badge rounded-pill bundle-best ${className}`} data-testid="bundle-best-value">
      <i className="bi bi-star-fill me-1" aria-hidden="true" />
      {t('best_value')}
    </span>
  );
}

/** The built-in test provider is in use: nobody pays for real. */
export function TestModeNotice({ className = '' }: { className?: string }) {
  const { t } = useTranslation('payments');
  return (
    <p className={`payments-test-mode small mb-0 ${className}`} role="note" data-testid="payments-test-mode">
      <i className="bi bi-cone-striped me-2" aria-hidden="true" />
      {t('test_mode')}
    </p>
  );
}

/** Loading and failure of the catalogue (the page shows it while it has no data). */
export function CatalogueFallback({ query }: { query: UseQueryResult<CreditsResponse> }) {
  const { t } = useTranslation('payments');
  if (query.isError)
    return (
      <div className="text-center py-5" role="alert" data-testid="payments-load-error">
        <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <p className="mb-3">{t('load_error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
          label={t('retry')}
          testId="payments-retry"
        />
      </div>
    );
  return (
    <div className="d-flex justify-content-center py-5" data-testid="payments-loading">
      <span className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{t('loading')}</span>
      </span>
    </div>
  );
}

/**
 * The text of a failed payment call: the server's translated message for its own answers (4xx, and its 503 with a
 * code), a generic text for network trouble and anything else.
 */
export function paymentErrorText(error: unknown, generic: string): string {
  if (
    error instanceof ApiError &&
    error.status > 0 &&
    error.message !== '' &&
    error.code !== 'http_error' &&
    (error.status < 500 || error.status === 503)
  )
    return error.message;
  return generic;
}
