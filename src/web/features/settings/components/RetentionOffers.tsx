import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CreditsResponse, Payment } from '../../../../shared/schemas/payments';
import { FormAlert } from '../../../components/form/FormAlert';
import { BusyButton } from '../../../components/ui/BusyButton';
import { api } from '../../../lib/http';
import { currentLocale } from '../../../lib/i18n';
import type { DeleteOffers } from '../../auth/api/accounts';
import { checkoutNavigation } from '../../payments/components/checkout-navigation';
import { ImmediateStartNote } from '../../payments/components/ImmediateStartNote';

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat(currentLocale(), { style: 'currency', currency }).format(minor / 100);

/**
 * The two retention offers that need payments (account deletion): the trial package, bought in one step (the
 * payment starts at once with the first method offered in the member's country, and the provider's page opens), and
 * a discount code of the company's delete_discount, made for the member and taken to the credits page.
 */
export function RetentionOffers({ offers }: { offers: DeleteOffers }) {
  const { t } = useTranslation('settings');
  const trial = offers.trial;
  const buyTrial = useMutation({
    mutationFn: async () => {
      const catalogue = await api<CreditsResponse>('api/credits.php');
      const method = catalogue.methods[0];
      if (!trial || !method) throw new Error(t('delete.offers.trial.unavailable'));
      const { payment } = await api<{ payment: Payment }>('api/payment.php', {
        method: 'POST',
        // Bought under the statement of ImmediateStartNote: the express request to start at once.
        body: { bundle_id: trial.bundle_id, method, immediate_start: true },
      });
      if (payment.checkout_url) checkoutNavigation.assign(payment.checkout_url);
      return payment;
    },
  });
  const discount = useMutation({
    mutationFn: () =>
      api<{ code: string; percentage: number; expires: string }>('api/delete-offers.php', {
        method: 'POST',
        body: { offer: 'discount' },
      }),
  });

  return (
    <>
      {trial && (
        <div className="card bg-body-tertiary border-0 mb-3" data-testid="settings-offer-trial">
          <div className="card-body">
            <h4 className="h6 fw-semibold">
              <i className="bi bi-stars me-2" aria-hidden="true" />
              {t('delete.offers.trial.title')}
            </h4>
            <p className="small mb-2">
              {t('delete.offers.trial.text', {
                credits: trial.credits,
                price: money(trial.amount, trial.currency),
              })}
            </p>
            <ImmediateStartNote className="small text-body-secondary mb-2" />
            <BusyButton
              className="btn btn-primary btn-sm rounded-pill"
              onClick={() => buyTrial.mutate()}
              busy={buyTrial.isPending}
              data-testid="settings-offer-trial-button"
            >
              {t('delete.offers.trial.button', { price: money(trial.amount, trial.currency) })}
            </BusyButton>
            <FormAlert error={buyTrial.error} />
          </div>
        </div>
      )}
      {offers.discount_percentage > 0 && (
        <div className="card bg-body-tertiary border-0 mb-3" data-testid="settings-offer-discount">
          <div className="card-body">
            <h4 className="h6 fw-semibold">
              <i className="bi bi-ticket-perforated me-2" aria-hidden="true" />
              {t('delete.offers.discount.title', { percentage: offers.discount_percentage })}
            </h4>
            {discount.data ? (
              <div role="status" data-testid="settings-offer-discount-code">
                <p className="small mb-2">
                  {t('delete.offers.discount.yours', {
                    code: discount.data.code,
                    date: new Date(discount.data.expires).toLocaleDateString(currentLocale()),
                  })}
                </p>
                <p className="mb-2">
                  <code className="fs-5 user-select-all">{discount.data.code}</code>
                </p>
                <Link
                  to={`/credits?code=${encodeURIComponent(discount.data.code)}`}
                  className="btn btn-primary btn-sm rounded-pill"
                  data-testid="settings-offer-discount-use"
                >
                  {t('delete.offers.discount.use')}
                </Link>
              </div>
            ) : (
              <>
                <p className="small mb-2">
                  {t('delete.offers.discount.text', { percentage: offers.discount_percentage })}
                </p>
                <BusyButton
                  className="btn btn-outline-primary btn-sm rounded-pill"
                  onClick={() => discount.mutate()}
                  busy={discount.isPending}
                  data-testid="settings-offer-discount-button"
                >
                  {t('delete.offers.discount.button', { percentage: offers.discount_percentage })}
                </BusyButton>
              </>
            )}
            <FormAlert error={discount.error} />
          </div>
        </div>
      )}
    </>
  );
}
