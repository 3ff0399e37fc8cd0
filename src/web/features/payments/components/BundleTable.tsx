import { useTranslation } from 'react-i18next';
import { RetryButton } from '../../../components/ui/RetryButton';
import { useCountryNames } from '../../members/country-names';
import { usePriceList } from '../hooks/use-price-list';
import { BestValueBadge, useBundleFormat, useUiLocale } from './BundleParts';
import { PriceFigure } from './UnitPrices';

/**
 * The credit bundles of a country as a table (the public pricing page): credits, price with VAT, price per message
 * (discounted where the member's discount applies, as the server priced it). `country` is the visitor's; a member
 * always sees the profile's country (the server decides).
 */
export function BundleTable({ country }: { country?: string | undefined }) {
  const { t } = useTranslation('payments');
  const locale = useUiLocale();
  const countryName = useCountryNames(locale);
  const catalogue = usePriceList(country);
  const f = useBundleFormat();
  const data = catalogue.data;

  return (
    <section
      className="pricing-bundles my-4"
      data-testid="pricing-bundles"
      aria-labelledby="pricing-bundles-title"
    >
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 fw-semibold mb-0" id="pricing-bundles-title">
          {t('pricing.title')}
        </h2>
        {data && (
          <span className="pricing-country" data-testid="pricing-country">
            <i className="bi bi-geo-alt me-1" aria-hidden="true" />
            {countryName(data.country)}
          </span>
        )}
      </div>
      {!data && catalogue.isError ? (
        <div className="d-flex flex-wrap align-items-center gap-2 text-body-secondary" role="alert">
          <span>{t('load_error')}</span>
          <RetryButton
            variant="link"
            onRetry={() => void catalogue.refetch()}
            busy={catalogue.isFetching}
            label={t('retry')}
          />
        </div>
      ) : !data ? (
        <div className="py-3" data-testid="payments-loading">
          <span className="spinner-border spinner-border-sm text-primary" role="status">
            <span className="visually-hidden">{t('loading')}</span>
          </span>
        </div>
      ) : data.bundles.length === 0 ? (
        <p className="text-body-secondary">{t('credits_page.none')}</p>
      ) : (
        <>
          <div className="card border-0 shadow-sm overflow-hidden">
            <table className="table pricing-table mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('pricing.package')}</th>
                  <th scope="col" className="text-end">
                    {t('pricing.price')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('pricing.per_message')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.bundles.map((b) => (
                  <tr
                    key={b.id}
                    data-testid="pricing-bundle"
                    className={b.best_value ? 'is-best' : undefined}
                  >
                    <th scope="row">
                      <span className="pricing-table-credits">{t('credits', { count: b.credits })}</span>
                      {b.best_value && <BestValueBadge className="ms-2" />}
                    </th>
                    <td className="text-end fw-semibold text-nowrap">
                      <PriceFigure
                        list={b.amount}
                        offer={b.offer?.amount ?? null}
                        currency={b.currency}
                        discount={null}
                        testId="pricing-bundle-price"
                      />
                    </td>
                    <td className="text-end text-body-secondary text-nowrap">
                      {b.per_message === null ? (
                        '–'
                      ) : (
                        <PriceFigure
                          list={b.per_message}
                          offer={b.offer?.per_message ?? null}
                          currency={b.currency}
                          discount={null}
                          testId="pricing-bundle-per-message"
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="small text-body-secondary mt-2 mb-0" data-testid="pricing-vat-note">
            {data.bundles[0]!.vat_rate_bp > 0
              ? t('pricing.vat_note', { rate: f.rate(data.bundles[0]!.vat_rate_bp) })
              : t('pricing.vat_note_none')}
          </p>
        </>
      )}
    </section>
  );
}
