import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RepeatOrderResponse } from '../../../../shared/schemas/payments';
import { TransactionMethod, useMoney } from './TransactionFormat';

type Offer = NonNullable<RepeatOrderResponse['offer']>;

/** What a repeat order buys: the bundle, its price (VAT included), the saved method and the current balance. */
export function RepeatOrderOffer({
  offer,
  balance,
  children,
}: {
  offer: Offer;
  balance: number | undefined;
  /** the confirmation: the buy button and its note */
  children: ReactNode;
}) {
  const { t } = useTranslation('transactions');
  const money = useMoney();
  const { bundle } = offer;
  return (
    <section className="repeat-offer" aria-labelledby="repeat-offer-title" data-testid="repeat-order-offer">
      <div className="repeat-offer-hero">
        <h2 className="repeat-offer-label" id="repeat-offer-title">
          {t('repeat.offer_label')}
        </h2>
        <p className="repeat-offer-credits" data-testid="repeat-order-credits">
          <i className="bi bi-coin" aria-hidden="true" />
          {t('credits', { count: bundle.credits })}
        </p>
      </div>
      <dl className="repeat-offer-facts">
        <div>
          <dt>{t('repeat.price')}</dt>
          <dd>
            <span className="repeat-offer-price" data-testid="repeat-order-price">
              {money(bundle.amount, bundle.currency)}
            </span>
            {bundle.vat > 0 && (
              <span className="repeat-offer-vat">
                {t('vat', { vat: money(bundle.vat, bundle.currency) })}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('repeat.method')}</dt>
          <dd data-testid="repeat-order-method">
            <TransactionMethod method={offer.method} />
          </dd>
        </div>
        {balance !== undefined && (
          <div>
            <dt>{t('repeat.balance')}</dt>
            <dd>{t('credits', { count: balance })}</dd>
          </div>
        )}
      </dl>
      <div className="repeat-offer-confirm">{children}</div>
    </section>
  );
}
