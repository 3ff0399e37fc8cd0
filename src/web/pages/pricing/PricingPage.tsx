import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { useCurrentUser } from '../../features/auth/api/session';
import { BundleTable } from '../../features/payments/components/BundleTable';
import { formatMinor } from '../../features/payments/components/money';
import {
  DiscountIncluded,
  MessageTerms,
  type Unit,
  UnitFrom,
} from '../../features/payments/components/UnitPrices';
import { usePriceList } from '../../features/payments/hooks/use-price-list';
import { useCompanyInfo } from '../../features/site/api/companyinfo';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { currentLocale } from '../../lib/i18n';
import { infoPageVars } from '../info/InfoPage';
import { fillInfoText, InfoText } from '../info/info-text';

interface PageText {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/** Kept here for imports of the earlier place; it lives with the payments now. */
export { formatMinor };

/**
 * What things cost: credits per action from the site settings with what each costs at the cheapest (the price list
 * of GET /api/credits.php), the two starter gifts (free messages, credits), and the credit bundles with VAT. A
 * visitor sees the selected (GeoIP) country's prices; a member always the profile's, which the server decides.
 */
export function PricingPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const { t: tp } = useTranslation('payments');
  const settings = useSettings();
  const company = useCompanyInfo();
  const locale = currentLocale();
  const user = useCurrentUser();
  // A member's country is the profile's: the server knows it; a visitor's is the one selected for the visit.
  const country = user ? undefined : settings.geoip_selected_country;
  const prices = usePriceList(country).data;
  const text = t('pricing', { returnObjects: true }) as PageText;
  useHead({ title: text.title, siteName: settings.name, description: settings.description });
  if (company.isError) throw company.error;
  if (!company.data) return <PageSpinner />;
  const vars = infoPageVars(settings, company.data, locale);
  const rows: { unit: Unit; icon: string; label: string; credits: number }[] = [
    { unit: 'message', icon: 'chat-dots', label: tc('pricing.message'), credits: settings.message_credits },
    { unit: 'photo', icon: 'image', label: tc('pricing.photo'), credits: settings.photo_credits },
    { unit: 'gift', icon: 'gift', label: tc('pricing.gift'), credits: settings.gift_credits },
  ];
  return (
    <article className="container-lg py-4 py-md-5 info-page" data-testid="pricing-page">
      <div className="row justify-content-center">
        <div className="col-lg-9 col-xl-8">
          <h1 className="display-6 fw-semibold mb-3">{text.title}</h1>
          <p className="lead text-body-secondary">
            <InfoText text={text.intro} vars={vars} />
          </p>
          {prices?.discount && (
            <p className="pricing-discount-note mb-0" data-testid="pricing-discount-note">
              <i className="bi bi-tag-fill me-2 text-success" aria-hidden="true" />
              <DiscountIncluded discount={prices.discount} />
            </p>
          )}
          <div className="card border-0 shadow-sm my-4">
            <ul className="list-group list-group-flush">
              {rows.map((r) => (
                <li key={r.icon} className="list-group-item d-flex align-items-center gap-3 py-3">
                  <i className={`bi bi-${r.icon} fs-4 text-primary`} aria-hidden="true" />
                  <span className="flex-grow-1">{r.label}</span>
                  <span className="text-end">
                    <span className="d-block fw-semibold">{tc('pricing.credits', { count: r.credits })}</span>
                    {prices && (
                      <span className="d-block small text-body-secondary">
                        <UnitFrom
                          prices={prices}
                          unit={r.unit}
                          testId={`pricing-${r.unit}-price`}
                          labelled={false}
                        />
                      </span>
                    )}
                  </span>
                </li>
              ))}
              <li className="list-group-item d-flex align-items-center gap-3 py-3 bg-success-subtle">
                <i className="bi bi-stars fs-4 text-success" aria-hidden="true" />
                <span className="flex-grow-1">{tc('pricing.signup_bonus')}</span>
                <span className="text-end fw-semibold" data-testid="pricing-starter">
                  {prices && prices.starter.free_messages > 0 && (
                    <span className="d-block">
                      {tp('unit_price.free_messages', { count: prices.starter.free_messages })}
                    </span>
                  )}
                  <span className="d-block">
                    {tc('pricing.credits_free', {
                      count: prices?.starter.credits ?? settings.signup_credits,
                    })}
                  </span>
                </span>
              </li>
            </ul>
          </div>
          {prices && (
            <p data-testid="pricing-terms">
              <MessageTerms prices={prices} />
            </p>
          )}
          <BundleTable country={country} />
          {text.sections.map((s) => (
            <section key={s.heading} className="mt-4">
              <h2 className="h5 fw-semibold">{fillInfoText(s.heading, vars)}</h2>
              {s.paragraphs.map((p) => (
                <p key={p}>
                  <InfoText text={p} vars={vars} />
                </p>
              ))}
            </section>
          ))}
          <p className="mt-4">
            <Link to="/pages/faq">{tc('footer.faq')}</Link> ·{' '}
            <Link to="/pages/return-policy">{tc('footer.return_policy')}</Link>
          </p>
        </div>
      </div>
    </article>
  );
}
