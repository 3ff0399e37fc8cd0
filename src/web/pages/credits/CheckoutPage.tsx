import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { PaymentMethodName } from '../../../shared/payment-methods';
import { WITHDRAWAL_RULES } from '../../../shared/rules';
import type { CreditsResponse, PricedBundle } from '../../../shared/schemas/payments';
import { BusyButton } from '../../components/ui/BusyButton';
import { useCurrentUser } from '../../features/auth/api/session';
import { DiscountCodeField } from '../../features/discounts/components/DiscountCodeField';
import { formatPercentage } from '../../features/discounts/format';
import {
  isDiscountRefusal,
  normaliseCode,
  useCheckoutDiscount,
} from '../../features/discounts/hooks/use-checkout-discount';
import { createPayment } from '../../features/payments/api/payments';
import {
  BestValueBadge,
  CatalogueFallback,
  paymentErrorText,
  TestModeNotice,
  useBundleFormat,
  useUiLocale,
} from '../../features/payments/components/BundleParts';
import { checkoutNavigation } from '../../features/payments/components/checkout-navigation';
import { MethodMark, useMethodName } from '../../features/payments/components/MethodMark';
import { BundlePerMessage } from '../../features/payments/components/UnitPrices';
import { usePriceList } from '../../features/payments/hooks/use-price-list';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';

import { hasHint, orderMethods } from './checkout-methods';

/**
 * /credits/:id/:paymentmethod?: the chosen bundle, its total with VAT, the methods of the member's country and the
 * Pay button. The chosen method lives in the URL, so a reload keeps it; paying goes to the provider's page.
 */
export function CheckoutPage() {
  const { t } = useTranslation('payments');
  const settings = useSettings();
  const { id } = useParams();
  const [params] = useSearchParams();
  // The price list with the code of the link (the retention offer), else with the member's own discount.
  const catalogue = usePriceList(undefined, normaliseCode(params.get('code')));
  useHead({ title: t('checkout.title'), siteName: settings.name });

  let body: ReactNode;
  if (!catalogue.data) body = <CatalogueFallback query={catalogue} />;
  else {
    const bundleId = id && /^\d{1,9}$/.test(id) ? Number(id) : undefined;
    const bundle = catalogue.data.bundles.find((b) => b.id === bundleId);
    body = bundle ? <Checkout catalogue={catalogue.data} bundle={bundle} /> : <UnknownBundle />;
  }
  return (
    <div className="container-lg py-4 py-md-5 checkout-page" data-testid="checkout-page">
      {body}
    </div>
  );
}

function UnknownBundle() {
  const { t } = useTranslation('payments');
  return (
    <div className="text-center py-5" data-testid="checkout-unknown-bundle">
      <i className="bi bi-bag-x fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
      <h1 className="h4 fw-semibold">{t('checkout.unknown_title')}</h1>
      <p className="text-body-secondary mb-4">{t('checkout.unknown_text')}</p>
      <Link
        to="/credits"
        className="btn btn-primary rounded-pill px-4"
        data-testid="checkout-back-to-credits"
      >
        {t('checkout.back_to_credits')}
      </Link>
    </div>
  );
}

function Checkout({ catalogue, bundle }: { catalogue: CreditsResponse; bundle: PricedBundle }) {
  const { t } = useTranslation(['payments', 'discounts', 'directdebit']);
  const { paymentmethod } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const locale = useUiLocale();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const methodName = useMethodName();
  const settings = useSettings();
  const f = useBundleFormat(settings.message_credits);
  const methodsRef = useRef<HTMLFieldSetElement>(null);
  const payNoteId = useId();
  const [leaving, setLeaving] = useState(false);
  // The error of the last attempt, with the method it was for (none once that method was taken off): choosing
  // another method puts it away.
  const [failure, setFailure] = useState<{
    error: unknown;
    method: PaymentMethodName | undefined;
  } | null>(null);

  // Back from the provider's page, the browser may show this page from its back-forward cache: still busy.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const offered = orderMethods(catalogue.methods);
  const method = offered.find((m) => m === paymentmethod);
  const unavailable = paymentmethod !== undefined && method === undefined;
  // The discount code (applied, prefilled from ?code= or the price list's discount), checked for this bundle and
  // method by the server, which prices it as the payment will be.
  const listed = catalogue.discount;
  const discount = useCheckoutDiscount(bundle.id, method, listed?.code ?? null);
  const priced = discount.status === 'valid' ? discount.price : null;
  // While the code is checked, the summary shows the price list's offer for it (the same server computation); the
  // Pay button shows no amount until the price is confirmed, so it never names another amount than the one charged.
  const expected =
    discount.status === 'checking' && listed && discount.code === listed.code ? bundle.offer : null;
  const checking = discount.status === 'checking';
  const amount = priced?.amount ?? expected?.amount ?? bundle.amount;
  const total = f.money(amount, bundle.currency);
  const perMessageOffer = priced ? priced.per_message : (expected?.per_message ?? null);

  // The query (?code=…) stays with the URL, so a reload keeps the code too.
  const choose = (m: PaymentMethodName | undefined) =>
    navigate(
      { pathname: m ? `/credits/${bundle.id}/${m}` : `/credits/${bundle.id}`, search },
      { replace: true, preventScrollReset: true },
    );

  const chooseAnother = () => {
    setFailure(null);
    choose(undefined);
    // The offer may have changed since the page was loaded.
    void queryClient.invalidateQueries({ queryKey: ['credits'] });
    methodsRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
  };

  const pay = async () => {
    if (!method) return;
    if (method === 'sdd') {
      // Direct debit is the member's own form with an SMS code (/directdebit), with the bundle and the code.
      const next = new URLSearchParams({ bundle: String(bundle.id) });
      if (discount.sendCode) next.set('code', discount.sendCode);
      navigate(`/directdebit?${next}`);
      return;
    }
    setFailure(null);
    setLeaving(true);
    try {
      // Paying under the statement above the button is the member's express request to start at once.
      const { payment } = await createPayment(bundle.id, method, discount.sendCode, true);
      // The provider's page (another site, or the test provider's page): the app is left, the button stays busy.
      if (payment.checkout_url) checkoutNavigation.assign(payment.checkout_url);
      else navigate(`/transactions/${payment.id}`);
    } catch (error) {
      // The code was refused after all (used meanwhile, expired …): its message goes to the field, the rest stays.
      if (isDiscountRefusal(error)) discount.refused(error);
      else if (error instanceof ApiError && error.code === 'payment_method_inactive') {
        // Not switched on at the provider right now (nothing was charged): the method is taken off, the message
        // stays, and the methods are asked for again, without the one refused.
        setFailure({ error, method: undefined });
        choose(undefined);
        void queryClient.invalidateQueries({ queryKey: ['credits'] });
        methodsRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      } else setFailure({ error, method });
      setLeaving(false);
    }
  };

  const error = failure && failure.method === method ? failure.error : null;
  const vatText =
    bundle.vat_rate_bp === 0
      ? t('vat_none')
      : amount !== bundle.amount
        ? // The VAT of the discounted price is the server's to compute: the rate is what is known here.
          t('vat_included_rate', { rate: f.rate(bundle.vat_rate_bp) })
        : t('checkout.vat_amount', {
            amount: f.money(bundle.vat, bundle.currency),
            rate: f.rate(bundle.vat_rate_bp),
          });
  const code = error instanceof ApiError ? error.code : undefined;

  return (
    <>
      <header className="payments-header">
        <h1 className="h3 fw-bold mb-1">{t('checkout.title')}</h1>
        <Link to="/credits" className="small" data-testid="checkout-change-bundle">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('checkout.change_bundle')}
        </Link>
        {catalogue.test_mode && <TestModeNotice className="mx-auto mt-3 text-start" />}
      </header>

      <div className="checkout-grid">
        <section className="checkout-summary" aria-labelledby="checkout-summary-title">
          <div className="checkout-summary-head">
            <h2 className="checkout-section-title" id="checkout-summary-title">
              {t('checkout.summary')}
            </h2>
            {bundle.best_value && <BestValueBadge />}
          </div>
          <div className="checkout-bundle">
            <span className="checkout-bundle-icon" aria-hidden="true">
              <i className="bi bi-coin" />
            </span>
            <div className="flex-grow-1 min-w-0">
              <p className="checkout-bundle-credits mb-0" data-testid="checkout-credits">
                {t('credits', { count: bundle.credits })}
              </p>
              <p className="small text-body-secondary mb-0" data-testid="checkout-per-message">
                {f.messages(bundle)}
                {f.messages(bundle) && bundle.per_message !== null && ' · '}
                {/* The discount is named by the code line below: the figure is not labelled twice. */}
                <BundlePerMessage
                  bundle={bundle}
                  offer={perMessageOffer}
                  discount={null}
                  testId="message-price"
                />
              </p>
            </div>
          </div>
          {user && !user.paid_user && (
            <p className="checkout-premium-note" data-testid="checkout-premium-note">
              <i className="bi bi-gem me-2" aria-hidden="true" />
              {t('checkout.premium_note')}
            </p>
          )}
          <DiscountCodeField discount={discount} />
          {priced && discount.code !== null && (
            <div className="checkout-discount-row" data-testid="checkout-discount">
              <span>{t('discounts:code.discount', { code: discount.code })}</span>
              <span className="text-nowrap">
                {`\u2212${f.money(priced.discount, priced.currency)}`}
                {discount.info && ` (${formatPercentage(discount.info.percentage, locale)})`}
              </span>
            </div>
          )}
          <div className="checkout-total-row">
            <span>{t('checkout.total')}</span>
            <span className="checkout-total-amounts">
              {amount !== bundle.amount && (
                <del className="checkout-list-price" data-testid="checkout-list-price">
                  <span className="visually-hidden">{t('discounts:code.original_price')} </span>
                  {f.price(bundle)}
                </del>
              )}
              <strong data-testid="checkout-total">{total}</strong>
            </span>
          </div>
          <p className="checkout-vat" data-testid="checkout-vat">
            {vatText}
          </p>
        </section>

        <fieldset className="checkout-methods" ref={methodsRef}>
          <legend className="checkout-section-title">{t('checkout.methods')}</legend>
          {unavailable && (
            <div
              className="alert alert-warning py-2 small"
              role="alert"
              data-testid="checkout-method-unavailable"
            >
              {t('checkout.method_unavailable')}
            </div>
          )}
          {offered.length === 0 ? (
            <p className="text-body-secondary" data-testid="checkout-no-methods">
              {t('checkout.no_methods')}
            </p>
          ) : (
            <div className="method-grid">
              {offered.map((m) => (
                <label
                  key={m}
                  className={`method-option${m === method ? ' is-selected' : ''}`}
                  data-testid="method-option"
                  data-method={m}
                >
                  <input
                    type="radio"
                    name="payment-method"
                    value={m}
                    checked={m === method}
                    onChange={() => choose(m)}
                    className="visually-hidden"
                  />
                  <MethodMark method={m} />
                  <span className="method-option-text">
                    <span className="method-option-name">{methodName(m)}</span>
                    {hasHint(m) && <span className="method-option-hint">{t(`method_hint.${m}`)}</span>}
                  </span>
                  <i className="bi bi-check-circle-fill method-option-check" aria-hidden="true" />
                </label>
              ))}
            </div>
          )}
        </fieldset>

        <div className="checkout-pay">
          {error !== null && (
            <div className="alert alert-danger checkout-error" role="alert" data-testid="checkout-error">
              <p className="mb-2">
                <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
                {paymentErrorText(error, t('checkout.error_generic'))}
              </p>
              <div className="d-flex flex-wrap gap-2">
                {code === 'bundle_not_available' ? (
                  <Link to="/credits" className="btn btn-sm btn-outline-danger rounded-pill">
                    {t('checkout.back_to_credits')}
                  </Link>
                ) : (
                  <>
                    {code !== 'payment_method_not_available' && code !== 'payment_method_inactive' && (
                      <button
                        type="button"
                        className="btn btn-sm btn-danger rounded-pill"
                        onClick={() => void pay()}
                        data-testid="checkout-retry"
                      >
                        {t('checkout.retry')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger rounded-pill"
                      onClick={chooseAnother}
                      data-testid="checkout-other-method"
                    >
                      {t('checkout.other_method')}
                    </button>
                  </>
                )}
              </div>
            </div>
          )}
          {/* Phones: the Pay bar sticks to the bottom and would cover the summary's VAT line: it says it too. */}
          <p className="checkout-pay-vat d-lg-none" data-testid="checkout-pay-vat">
            {vatText}
          </p>
          {catalogue.payment_provider?.name === 'verotel' && (
            <p className="checkout-provider" data-testid="checkout-provider">
              <i className="bi bi-shield-lock me-1" aria-hidden="true" />
              {t('checkout.provider_verotel', { descriptor: catalogue.payment_provider.billing_descriptor })}
            </p>
          )}
          {method !== 'sdd' && (
            <p className="checkout-immediate-start" data-testid="checkout-immediate-start">
              <i className="bi bi-info-circle me-1" aria-hidden="true" />
              {t('checkout.immediate_start', { site: settings.name, days: WITHDRAWAL_RULES.days })}
            </p>
          )}
          <BusyButton
            busy={leaving}
            // While the code is being checked the price may still change: no amount, and the button says why.
            disabled={!method || checking}
            className="btn btn-primary btn-lg rounded-pill w-100 checkout-pay-button"
            onClick={() => void pay()}
            aria-describedby={!method ? payNoteId : undefined}
            data-testid="checkout-pay"
          >
            {!leaving && !checking && <i className="bi bi-lock-fill me-2" aria-hidden="true" />}
            {checking
              ? t('checkout.pay_checking')
              : method
                ? t('checkout.pay_with', { amount: total, method: methodName(method) })
                : t('checkout.pay', { amount: total })}
          </BusyButton>
          {/* Under an error the alert says what to do: the note would only push the methods further away. */}
          {error === null && (
            <p className="checkout-pay-note" id={payNoteId} data-testid="checkout-pay-note">
              {method === 'sdd'
                ? t('directdebit:checkout_note')
                : method
                  ? t('checkout.secure')
                  : t('checkout.choose_method')}
            </p>
          )}
        </div>
      </div>
    </>
  );
}
