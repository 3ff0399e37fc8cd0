import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { BundleTable } from '../../features/payments/components/BundleTable';
import { formatMinor } from '../../features/payments/components/money';
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
 * What things cost: credits per action from the site settings, the credit bundles of the visitor's country (a
 * member's: the profile's) with VAT, and the minimum price per message there.
 */
export function PricingPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const settings = useSettings();
  const company = useCompanyInfo();
  const locale = currentLocale();
  const text = t('pricing', { returnObjects: true }) as PageText;
  useHead({ title: text.title, siteName: settings.name, description: settings.description });
  if (company.isError) throw company.error;
  if (!company.data) return <PageSpinner />;
  const vars = infoPageVars(settings, company.data, locale);
  const country = settings.geoip_selected_country;
  const minimum = settings.minimum_message_costs[country];
  const rows = [
    { icon: 'chat-dots', label: tc('pricing.message'), credits: settings.message_credits },
    { icon: 'image', label: tc('pricing.photo'), credits: settings.photo_credits },
    { icon: 'gift', label: tc('pricing.gift'), credits: settings.gift_credits },
  ];
  return (
    <article className="container-lg py-4 py-md-5 info-page" data-testid="pricing-page">
      <div className="row justify-content-center">
        <div className="col-lg-9 col-xl-8">
          <h1 className="display-6 fw-semibold mb-3">{text.title}</h1>
          <p className="lead text-body-secondary">
            <InfoText text={text.intro} vars={vars} />
          </p>
          <div className="card border-0 shadow-sm my-4">
            <ul className="list-group list-group-flush">
              {rows.map((r) => (
                <li key={r.icon} className="list-group-item d-flex align-items-center gap-3 py-3">
                  <i className={`bi bi-${r.icon} fs-4 text-primary`} aria-hidden="true" />
                  <span className="flex-grow-1">{r.label}</span>
                  <span className="fw-semibold">{tc('pricing.credits', { count: r.credits })}</span>
                </li>
              ))}
              <li className="list-group-item d-flex align-items-center gap-3 py-3 bg-success-subtle">
                <i className="bi bi-stars fs-4 text-success" aria-hidden="true" />
                <span className="flex-grow-1">{tc('pricing.signup_bonus')}</span>
                <span className="fw-semibold">
                  {tc('pricing.credits_free', { count: settings.signup_credits })}
                </span>
              </li>
            </ul>
          </div>
          <BundleTable country={country} messageCredits={settings.message_credits} />
          {minimum && (
            <p data-testid="minimum-cost">
              {tc('pricing.minimum', {
                price: formatMinor(minimum.costs, minimum.currency, locale),
                country: new Intl.DisplayNames([locale], { type: 'region' }).of(country),
              })}
            </p>
          )}
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
