import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Bundle } from '../../../shared/schemas/payments';
import { useCurrentUser } from '../../features/auth/api/session';
import { normaliseCode } from '../../features/discounts/hooks/use-checkout-discount';
import { creditsQuery } from '../../features/payments/api/payments';
import {
  BestValueBadge,
  CatalogueFallback,
  TestModeNotice,
  useBundleFormat,
} from '../../features/payments/components/BundleParts';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/**
 * /credits: the credit bundles of the member's country; choosing one goes on to its checkout. A discount code in the
 * URL (?code=…, the retention offer's link) goes along to the checkout, which applies it.
 */
export function CreditsPage() {
  const { t } = useTranslation(['payments', 'discounts']);
  const settings = useSettings();
  const user = useCurrentUser();
  const catalogue = useQuery(creditsQuery());
  const [params] = useSearchParams();
  const code = normaliseCode(params.get('code'));
  const search = code ? `?${new URLSearchParams({ code })}` : '';
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
        {code && (
          <p className="credits-code-note" data-testid="credits-code-note">
            <i className="bi bi-tag-fill me-2" aria-hidden="true" />
            {t('discounts:code.credits_note', { code })}
          </p>
        )}
      </header>

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
                  <BundleCard bundle={b} messageCredits={settings.message_credits} search={search} />
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

function BundleCard({
  bundle,
  messageCredits,
  search,
}: {
  bundle: Bundle;
  messageCredits: number;
  /** the query that goes along to the checkout ('' or ?code=…) */
  search: string;
}) {
  const { t } = useTranslation('payments');
  const f = useBundleFormat(messageCredits);
  const perMessage = f.perMessage(bundle);
  const messages = f.messages(bundle);
  return (
    <Link
      to={`/credits/${bundle.id}${search}`}
      className={`bundle-card${bundle.best_value ? ' is-best' : ''}`}
      data-testid="bundle-card"
      data-bundle-id={bundle.id}
    >
      {bundle.best_value && <BestValueBadge className="bundle-card-badge" />}
      <span className="bundle-card-amount">
        <span className="bundle-card-credits">{bundle.credits}</span>
        <span className="bundle-card-unit">{t('unit', { count: bundle.credits })}</span>
      </span>
      {messages && <span className="bundle-card-messages">{messages}</span>}
      <span className="bundle-card-price" data-testid="bundle-price">
        {f.price(bundle)}
      </span>
      {perMessage && <span className="bundle-card-per">{perMessage}</span>}
      <span className="bundle-card-vat">{f.vat(bundle)}</span>
      <span className="bundle-card-cta btn rounded-pill" aria-hidden="true">
        {t('credits_page.choose')}
      </span>
      <i className="bi bi-chevron-right bundle-card-chevron" aria-hidden="true" />
    </Link>
  );
}
