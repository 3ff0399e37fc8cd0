import { Trans, useTranslation } from 'react-i18next';
import type {
  ActiveDiscount,
  CreditsResponse,
  PricedBundle,
  UnitPrice,
} from '../../../../shared/schemas/payments';
import { formatPercentage } from '../../discounts/format';
import { useUiLocale } from './BundleParts';
import { formatMinor } from './money';

/**
 * What a message, photo or gift costs in money, as GET /api/credits.php answers it (issue 27: one server computation,
 * docs/payments.md "What a message costs"). Chat, /pricing, /credits, checkout and /premium show these components,
 * so they show the same figure; nothing here computes a price.
 */

export type Unit = 'message' | 'photo' | 'gift';

/** "with your welcome bonus (25% off)": what the discounted figure includes. */
export function useDiscountLabel(): (discount: ActiveDiscount) => string {
  const { t } = useTranslation('payments');
  const locale = useUiLocale();
  return (d) =>
    t(`unit_price.discount.${d.source}`, {
      percentage: formatPercentage(d.percentage, locale),
      code: d.code,
    });
}

/**
 * A price, discounted where the answer has an offer: the list price struck through, the price paid in bold and what
 * the discount is. `testId` names the bold figure (the one the member pays at best).
 */
export function PriceFigure({
  list,
  offer,
  currency,
  discount,
  testId,
}: {
  list: number;
  offer: number | null;
  currency: string;
  discount: ActiveDiscount | null;
  testId: string;
}) {
  const { t } = useTranslation('payments');
  const locale = useUiLocale();
  const label = useDiscountLabel();
  const discounted = offer !== null && offer < list;
  return (
    <span className="price-figure">
      {discounted && (
        <>
          <del className="price-figure-list">
            <span className="visually-hidden">{t('unit_price.original')} </span>
            {formatMinor(list, currency, locale)}
          </del>{' '}
        </>
      )}
      <strong className="price-figure-amount" data-testid={testId}>
        {formatMinor(discounted ? offer : list, currency, locale)}
      </strong>
      {discounted && discount && (
        <span className="price-figure-discount" data-testid={`${testId}-discount`}>
          {' '}
          {label(discount)}
        </span>
      )}
    </span>
  );
}

/** The cheapest price of a unit: "from €1.13", or "from €1.13 €0.85 with your welcome bonus (25% off)". */
export function UnitFrom({
  prices,
  unit,
  testId = `${unit}-price`,
  labelled = true,
  i18nKey = 'unit_price.from',
}: {
  prices: CreditsResponse;
  unit: Unit;
  testId?: string;
  /** false where the discount is named once for several figures (the pricing rows) */
  labelled?: boolean;
  /** the sentence around the figure: "from {price}" or "A message costs from {price}" */
  i18nKey?: 'unit_price.from' | 'unit_price.message_from';
}) {
  const { t } = useTranslation('payments');
  const price: UnitPrice = prices.unit_prices[unit];
  if (!price) return null;
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      components={{
        price: (
          <PriceFigure
            list={price.from}
            offer={price.offer_from}
            currency={prices.currency}
            discount={labelled ? prices.discount : null}
            testId={testId}
          />
        ),
      }}
    />
  );
}

/**
 * The one line about what messages cost a member: "3 free messages left, then 5 credits (from €1.13) each", or "5
 * credits (from €1.13) a message" once the free ones are used. `free` is the member's own count (the conversation's
 * answer); without it, what a new member gets (the price list's starter).
 */
export function MessageTerms({ prices, free }: { prices: CreditsResponse; free?: number | undefined }) {
  const { t } = useTranslation('payments');
  const price = prices.unit_prices.message;
  const count = free ?? prices.starter.free_messages;
  if (!price) return null;
  const figure = (
    <PriceFigure
      list={price.from}
      offer={price.offer_from}
      currency={prices.currency}
      discount={prices.discount}
      testId="message-price"
    />
  );
  const key =
    count > 0
      ? free === undefined
        ? 'unit_price.terms_new'
        : 'unit_price.terms_free'
      : 'unit_price.terms_paid';
  return (
    <Trans
      t={t}
      i18nKey={key}
      {...(count > 0 ? { count } : {})}
      values={{ count, credits: t('credits', { count: price.credits }) }}
      components={{ price: figure }}
    />
  );
}

/**
 * A bundle's price for one message: "€1.33 per message", discounted where the bundle has an offer (`offer` overrides
 * the bundle's own: the checkout's price for another code). Nothing when messages cost no credits.
 */
export function BundlePerMessage({
  bundle,
  discount,
  offer = bundle.offer?.per_message ?? null,
  testId = 'bundle-per-message',
}: {
  bundle: PricedBundle;
  discount: ActiveDiscount | null;
  offer?: number | null;
  testId?: string;
}) {
  const { t } = useTranslation('payments');
  if (bundle.per_message === null) return null;
  return (
    <Trans
      t={t}
      i18nKey="unit_price.per_message"
      components={{
        price: (
          <PriceFigure
            list={bundle.per_message}
            offer={offer}
            currency={bundle.currency}
            discount={discount}
            testId={testId}
          />
        ),
      }}
    />
  );
}

/** "A message costs from €1.13" (discounted and labelled where the member's discount applies). */
export function MessageFrom({ prices }: { prices: CreditsResponse }) {
  return <UnitFrom prices={prices} unit="message" testId="message-price" i18nKey="unit_price.message_from" />;
}

/** "Your welcome bonus (25% off) is already included in the prices below." */
export function DiscountIncluded({ discount }: { discount: ActiveDiscount }) {
  const { t } = useTranslation('payments');
  const locale = useUiLocale();
  return (
    <>
      {t(`unit_price.included.${discount.source}`, {
        percentage: formatPercentage(discount.percentage, locale),
        code: discount.code,
      })}
    </>
  );
}
