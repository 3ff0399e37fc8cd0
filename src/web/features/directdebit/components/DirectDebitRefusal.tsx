import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DirectDebitRefusal as Refusal } from '../../../../shared/schemas/directdebit';

/**
 * Direct debit refused for the member (spec: blocked or limit reached → advice to try later, take a cheaper package,
 * or use another method), or switched off. Each piece of advice that applies is a way forward.
 */
export function DirectDebitRefusal({
  refusal,
  bundleId,
  money,
  message,
}: {
  /** null: direct debit is not available at all */
  refusal: NonNullable<Refusal> | null;
  bundleId: number;
  money: (minor: number, currency: string) => string;
  /** the server's message of the refused call, when there was one */
  message?: string | undefined;
}) {
  const { t, i18n } = useTranslation('directdebit');
  const reason = refusal?.reason ?? 'unavailable';
  const nextDate =
    refusal?.next_at &&
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' }).format(
      new Date(refusal.next_at),
    );
  return (
    <section className="dd-refusal" role="alert" data-testid="dd-refusal" data-reason={reason}>
      <h2 className="h5 fw-semibold mb-2">
        <i className="bi bi-slash-circle me-2 text-danger" aria-hidden="true" />
        {t(`refusal.${reason}_title`)}
      </h2>
      {reason === 'limit' && refusal ? (
        <p className="mb-2" data-testid="dd-refusal-limit">
          {t('refusal.limit_text', {
            limit: money(refusal.limit, refusal.currency),
            available: money(refusal.available, refusal.currency),
          })}
        </p>
      ) : reason === 'blocked' ? (
        <p className="mb-2">{t('refusal.blocked_text')}</p>
      ) : (
        <p className="mb-2">{t('refusal.unavailable_text')}</p>
      )}
      {message && reason !== 'unavailable' && <p className="small text-body-secondary mb-2">{message}</p>}
      {reason !== 'unavailable' && <p className="fw-semibold small mb-2">{t('refusal.advice')}</p>}
      <ul className="dd-advice list-unstyled mb-0">
        {reason !== 'unavailable' && (
          <li>
            <i className="bi bi-clock-history me-2" aria-hidden="true" />
            {nextDate ? t('refusal.later_from', { date: nextDate }) : t('refusal.later')}
          </li>
        )}
        {reason !== 'unavailable' && (
          <li>
            <i className="bi bi-box-seam me-2" aria-hidden="true" />
            <Link
              to={
                refusal?.cheaper_bundle_id ? `/directdebit?bundle=${refusal.cheaper_bundle_id}` : '/credits'
              }
              data-testid="dd-refusal-cheaper"
            >
              {t('refusal.cheaper')}
            </Link>
          </li>
        )}
        <li>
          <i className="bi bi-credit-card me-2" aria-hidden="true" />
          <Link to={`/credits/${bundleId}`} data-testid="dd-refusal-other-method">
            {t('refusal.other_method')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
