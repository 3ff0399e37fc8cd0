import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PaymentMethodName } from '../../../shared/payment-methods';
import type { PricedBundle } from '../../../shared/schemas/payments';
import { isBuilt } from '../../app/built-routes';
import { useCurrentUser } from '../../features/auth/api/session';
import { formatPercentage } from '../../features/discounts/format';
import { normaliseCode } from '../../features/discounts/hooks/use-checkout-discount';
import { repeatOrderQuery } from '../../features/payments/api/payments';
import {
  BestValueBadge,
  CatalogueFallback,
  TestModeNotice,
  useBundleFormat,
  useUiLocale,
} from '../../features/payments/components/BundleParts';
import { useMethodName } from '../../features/payments/components/MethodMark';
import {
  BundlePerMessage,
  DiscountIncluded,
  MessageFrom,
  PriceFigure,
} from '../../features/payments/components/UnitPrices';
import { usePriceList } from '../../features/payments/hooks/use-price-list';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/**
 * /credits: the credit bundles of the member's country, priced as the server answers them (GET /api/credits.php):
 * with the member's discount (time bonus, welcome code, or the `?code=` of the retention offer's link) the
 * discounted prices stand beside the struck-through list prices before a package is chosen. Choosing one goes on to
 * its checkout, with the code. A member who can repeat an order sees that option first.
 */
export function CreditsPage() {
  const { t } = useTranslation(['payments', 'discounts']);
  const settings = useSettings();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const code = normaliseCode(params.get('code'));
  const catalogue = usePriceList(undefined, code);
  const search = code ? `?${new URLSearchParams({ code })}` : '';
  const discount = catalogue.data?.discount ?? null;
  useHead({ title: t('credits_page.title'), siteName: settings.name });

  return (
    <div className="container-lg py-4 py-md-5 credits-page" data-testid="credits-page">
      <header className="payments-header">
        <h1 className="h3 fw-bold mb-2">{t('credits_page.title')}</h1>
        <p className="text-body-secondary mb-3">{t('credits_page.intro')}</p>
        {user && (
          <p className="credits-balance" data-testid="credits-balance">
            <i className="bi bi-coin me-2" aria-hidden="true" />
            {t('credits_page.balance', { count: user.credits })}
          </p>
        )}
        {catalogue.data?.unit_prices.message && (
          <p className="credits-message-price mt-2 mb-0" data-testid="credits-message-from">
            <MessageFrom prices={catalogue.data} />
          </p>
        )}
        {discount ? (
          <p className="credits-code-note" data-testid="credits-discount-note">
            <i className="bi bi-tag-fill me-2" aria-hidden="true" />
            <DiscountIncluded discount={discount} />
          </p>
        ) : (
          code && (
            <p className="credits-code-note" data-testid="credits-code-note">
              <i className="bi bi-tag-fill me-2" aria-hidden="true" />
              {t('discounts:code.credits_note', { code })}
            </p>
          )
        )}
      </header>

      {user?.paid_user && <RepeatOption />}

      {user && !user.paid_user && (
        <div className="premium-hint" data-testid="credits-premium-hint">
          <i className="bi bi-gem premium-hint-icon" aria-hidden="true" />
          <p className="mb-0">{t('credits_page.premium_hint')}</p>
          <Link to="/premium" className="fw-semibold text-nowrap">
            {t('credits_page.premium_link')}
            <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
          </Link>
        </div>
      )}

      {catalogue.data ? (
        catalogue.data.bundles.length === 0 ? (
          <p className="text-center text-body-secondary py-5" data-testid="credits-none">
            {t('credits_page.none')}
          </p>
        ) : (
          <>
            <ul className="bundle-grid" aria-label={t('credits_page.packages')}>
              {catalogue.data.bundles.map((b) => (
                <li key={b.id}>
                  <BundleCard
                    bundle={b}
                    percentage={discount?.percentage}
                    messageCredits={settings.message_credits}
                    search={search}
                  />
                </li>
              ))}
            </ul>
            <p className="text-center small text-body-secondary mt-4 mb-2">
              <i className="bi bi-shield-check me-1" aria-hidden="true" />
              {t('credits_page.footnote')}
            </p>
            {catalogue.data.test_mode && <TestModeNotice className="mx-auto mt-3" />}
          </>
        )
      ) : (
        <CatalogueFallback query={catalogue} />
      )}
    </div>
  );
}

/** The member's last package again on the saved mandate (the repeat order), when there is one to repeat. */
function RepeatOption() {
  const { t } = useTranslation('payments');
  const offer = useQuery(repeatOrderQuery()).data?.offer;
  const f = useBundleFormat();
  const methodName = useMethodName();
  if (!offer || !isBuilt('credits-repeat-order')) return null;
  return (
    <Link to="/credits/repeat-order" className="credits-repeat" data-testid="credits-repeat-order">
      <i className="bi bi-arrow-repeat credits-repeat-icon" aria-hidden="true" />
      <span className="flex-grow-1 min-w-0">
        <span className="d-block fw-semibold">{t('credits_page.repeat_title')}</span>
        <span className="d-block small text-body-secondary">
          {t('credits_page.repeat_text', {
            package: t('credits', { count: offer.bundle.credits }),
            price: f.price(offer.bundle),
            method: methodName(offer.method as PaymentMethodName),
          })}
        </span>
      </span>
      <span className="btn btn-sm btn-outline-primary rounded-pill text-nowrap" aria-hidden="true">
        {t('credits_page.repeat_cta')}
      </span>
    </Link>
  );
}

function BundleCard({
  bundle,
  percentage,
  messageCredits,
  search,
}: {
  bundle: PricedBundle;
  /** the discount in the bundle's offer */
  percentage: number | undefined;
  messageCredits: number;
  /** the query that goes along to the checkout ('' or ?code=…) */
  search: string;
}) {
  const { t } = useTranslation(['payments', 'discounts']);
  const locale = useUiLocale();
  const f = useBundleFormat(messageCredits);
  const messages = f.messages(bundle);
  const offer = bundle.offer;
  return (
    <Link
      to={`/credits/${bundle.id}${search}`}
      className={`bundle-card${bundle.best_value ? ' is-best' : ''}${offer ? ' has-offer' : ''}`}
      data-testid="bundle-card"
      data-bundle-id={bundle.id}
    >
      {bundle.best_value && <BestValueBadge className="bundle-card-badge" />}
      <span className="bundle-card-amount">
        <span className="bundle-card-credits">{bundle.credits}</span>
        <span className="bundle-card-unit">{t('unit', { count: bundle.credits })}</span>
      </span>
      {messages && <span className="bundle-card-messages">{messages}</span>}
      <span className="bundle-card-price">
        <PriceFigure
          list={bundle.amount}
          offer={offer?.amount ?? null}
          currency={bundle.currency}
          discount={null}
          testId="bundle-price"
        />
      </span>
      {offer && percentage !== undefined && (
        <span className="badge rounded-pill bundle-card-off" data-testid="bundle-offer">
          {t('discounts:code.off', { percentage: formatPercentage(percentage, locale) })}
        </span>
      )}
      {bundle.per_message !== null && (
        <span className="bundle-card-per">
          <BundlePerMessage bundle={bundle} discount={null} />
        </span>
      )}
      <span className="bundle-card-vat">{f.vat(bundle)}</span>
      <span className="bundle-card-cta btn rounded-pill" aria-hidden="true">
        {t('credits_page.choose')}
      </span>
      <i className="bi bi-chevron-right bundle-card-chevron" aria-hidden="true" />
    </Link>
  );
}
