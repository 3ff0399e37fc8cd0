import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RULES } from '../../../shared/rules';
import type { PricedBundle } from '../../../shared/schemas/payments';
import { useCurrentUser } from '../../features/auth/api/session';
import {
  BestValueBadge,
  CatalogueFallback,
  TestModeNotice,
  useBundleFormat,
} from '../../features/payments/components/BundleParts';
import {
  BundlePerMessage,
  DiscountIncluded,
  MessageFrom,
  PriceFigure,
} from '../../features/payments/components/UnitPrices';
import { usePriceList } from '../../features/payments/hooks/use-price-list';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/** Package styles of the overview, plain (p0) to most prominent (p3); an unknown style is shown plain. */
const STYLES = ['p0', 'p1', 'p2', 'p3'] as const;
type PackageStyle = (typeof STYLES)[number];
const styleOf = (b: PricedBundle): PackageStyle => STYLES.find((s) => s === b.style) ?? 'p0';

/** What premium gives, in the order shown. */
function useBenefits(): { icon: string; text: string }[] {
  const { t } = useTranslation(['payments', 'safety']);
  return [
    {
      icon: 'images',
      text: t('premium.benefit_photos', { premium: RULES.photos.premiumMax, free: RULES.photos.freeMax }),
    },
    { icon: 'eye', text: t('premium.benefit_see_photos') },
    { icon: 'infinity', text: t('premium.benefit_unlimited') },
    { icon: 'hearts', text: t('premium.benefit_match', { percent: RULES.premiumMatchChanceBoostPercent }) },
    // Who viewed me (issue 21): free members see how many, premium members who.
    { icon: 'person-check', text: t('safety:premium_benefit') },
  ];
}

/** /premium: the package overview. The first bundle bought makes a member premium; each package leads to checkout. */
export function PremiumPage() {
  const { t } = useTranslation('payments');
  const settings = useSettings();
  const user = useCurrentUser();
  const catalogue = usePriceList();
  const prices = catalogue.data;
  const benefits = useBenefits();
  const premium = user?.paid_user === true;
  useHead({ title: t('premium.title'), siteName: settings.name });

  return (
    <div className="container-lg py-4 py-md-5 premium-page" data-testid="premium-page">
      <section className="premium-hero" aria-labelledby="premium-title">
        <p className="premium-hero-kicker">
          <i className="bi bi-gem me-2" aria-hidden="true" />
          {t('premium.kicker')}
        </p>
        <h1 className="premium-hero-title" id="premium-title">
          {t('premium.headline', { siteName: settings.name })}
        </h1>
        {premium ? (
          <p className="premium-hero-intro" data-testid="premium-member">
            <i className="bi bi-patch-check-fill me-2" aria-hidden="true" />
            {t('premium.already')}
          </p>
        ) : (
          <p className="premium-hero-intro">{t('premium.intro')}</p>
        )}
        {prices?.unit_prices.message && (
          <p className="premium-hero-price" data-testid="premium-message-from">
            <MessageFrom prices={prices} />
          </p>
        )}
        <ul className="premium-benefits">
          {benefits.map((b) => (
            <li key={b.icon}>
              <i className={`bi bi-${b.icon}`} aria-hidden="true" />
              <span>{b.text}</span>
            </li>
          ))}
        </ul>
      </section>

      <h2 className="h4 fw-bold text-center mt-5 mb-1">{t('premium.packages_title')}</h2>
      <p className="text-center text-body-secondary mb-4">
        {premium ? t('premium.packages_intro_member') : t('premium.packages_intro')}
      </p>
      {prices?.discount && (
        <p className="premium-discount-note text-center" data-testid="premium-discount-note">
          <i className="bi bi-tag-fill me-2" aria-hidden="true" />
          <DiscountIncluded discount={prices.discount} />
        </p>
      )}

      {catalogue.data ? (
        catalogue.data.bundles.length === 0 ? (
          <p className="text-center text-body-secondary py-4" data-testid="premium-none">
            {t('credits_page.none')}
          </p>
        ) : (
          <>
            <ul className="premium-packages">
              {catalogue.data.bundles.map((b) => (
                <li key={b.id}>
                  <Package bundle={b} premium={premium} />
                </li>
              ))}
            </ul>
            <p className="text-center small text-body-secondary mt-4 mb-2">{t('premium.footnote')}</p>
            {catalogue.data.test_mode && <TestModeNotice className="mx-auto mt-3" />}
          </>
        )
      ) : (
        <CatalogueFallback query={catalogue} />
      )}
    </div>
  );
}

function Package({ bundle, premium }: { bundle: PricedBundle; premium: boolean }) {
  const { t } = useTranslation('payments');
  const settings = useSettings();
  const f = useBundleFormat(settings.message_credits);
  const benefits = useBenefits();
  const style = styleOf(bundle);
  const titleId = `premium-package-${bundle.id}`;
  return (
    <article
      className={`premium-package premium-package-${style}${bundle.best_value ? ' is-best' : ''}`}
      data-testid="premium-package"
      data-style={style}
      aria-labelledby={titleId}
    >
      {bundle.best_value && <BestValueBadge className="premium-package-badge" />}
      <p className="premium-package-tagline">{t(`premium.tagline.${style}`)}</p>
      <h3 className="premium-package-credits" id={titleId}>
        <span className="premium-package-number">{bundle.credits}</span>{' '}
        <span className="premium-package-unit">{t('unit', { count: bundle.credits })}</span>
      </h3>
      <p className="premium-package-price">
        <PriceFigure
          list={bundle.amount}
          offer={bundle.offer?.amount ?? null}
          currency={bundle.currency}
          discount={null}
          testId="premium-package-price"
        />
      </p>
      <p className="premium-package-per">
        {bundle.per_message !== null && (
          <>
            <BundlePerMessage bundle={bundle} discount={null} testId="premium-package-per-message" />
            {' · '}
          </>
        )}
        {f.vat(bundle)}
      </p>
      <ul className="premium-package-benefits">
        {benefits.map((b) => (
          <li key={b.icon}>
            <i className="bi bi-check-lg" aria-hidden="true" />
            <span>{b.text}</span>
          </li>
        ))}
      </ul>
      <Link
        to={`/credits/${bundle.id}`}
        className="btn rounded-pill w-100 premium-package-cta"
        data-testid="premium-package-choose"
        aria-describedby={titleId}
      >
        {premium ? t('premium.buy') : t('premium.choose')}
      </Link>
    </article>
  );
}
