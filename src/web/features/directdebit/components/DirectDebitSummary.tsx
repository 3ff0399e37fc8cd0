import { useTranslation } from 'react-i18next';
import type { DirectDebitOffer } from '../../../../shared/schemas/directdebit';
import { useBundleFormat } from '../../payments/components/BundleParts';
import { useSettings } from '../../site/api/settings';

/** The order on the direct-debit page: the package, the discount, the total, when it is debited and when the
 * credits arrive (issue 26, point 4), and who collects it. */
export function DirectDebitSummary({ offer }: { offer: DirectDebitOffer }) {
  const { t, i18n } = useTranslation(['directdebit', 'payments', 'discounts']);
  const settings = useSettings();
  const f = useBundleFormat(settings.message_credits);
  const { price, bundle } = offer;
  const day = (value: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${value}T00:00:00Z`));
  const date = day(offer.debit_date);
  return (
    <section
      className="checkout-summary dd-summary"
      aria-labelledby="dd-summary-title"
      data-testid="dd-summary"
    >
      <h2 className="checkout-section-title" id="dd-summary-title">
        {t('summary')}
      </h2>
      <div className="checkout-bundle">
        <span className="checkout-bundle-icon" aria-hidden="true">
          <i className="bi bi-coin" />
        </span>
        <p className="checkout-bundle-credits mb-0" data-testid="dd-credits">
          {t('payments:credits', { count: bundle.credits })}
        </p>
      </div>
      {price.discount > 0 && price.discount_code && (
        <div className="checkout-discount-row" data-testid="dd-discount">
          <span>{t('discounts:code.discount', { code: price.discount_code })}</span>
          <span className="text-nowrap">{`\u2212${f.money(price.discount, price.currency)}`}</span>
        </div>
      )}
      <div className="checkout-total-row">
        <span>{t('total')}</span>
        <strong data-testid="dd-total">{f.money(price.amount, price.currency)}</strong>
      </div>
      <p className="checkout-vat">{f.vat(bundle)}</p>
      <p className="dd-debit-note small mb-0 mt-3">
        <i className="bi bi-calendar-check me-2" aria-hidden="true" />
        {t('debit_note', { date })}
      </p>
      <p className="dd-debit-note small mb-0 mt-1" data-testid="dd-credits-date">
        <i className="bi bi-coin me-2" aria-hidden="true" />
        {t('credits_note', { date: day(offer.credits_date) })}
      </p>
      <p className="dd-debit-note small mb-0 mt-1 text-body-secondary">
        {t('collected_by', { creditor: offer.creditor.name, company: offer.creditor.on_behalf_of })}
      </p>
    </section>
  );
}
