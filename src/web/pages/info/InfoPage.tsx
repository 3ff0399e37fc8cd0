import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { InfoPageKey } from '../../../shared/routes';
import { cleanPhone, termsVersionDate } from '../../../shared/rules';
import type { CompanyInfo, PublicSettings } from '../../../shared/schemas/sites';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { useCompanyInfo } from '../../features/site/api/companyinfo';
import { useSettings } from '../../features/site/api/settings';
import { dateLocale } from '../../lib/date-locale';
import { useHead } from '../../lib/head';
import { currentLocale } from '../../lib/i18n';
import { fillInfoText, InfoText, type InfoVars } from './info-text';

interface PageText {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/** A country code as the country's name in the reader's language ("NL" -> "Nederland"). */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The facts the legal texts refer to, drawn from the site settings and the company info. */
export function infoPageVars(settings: PublicSettings, company: CompanyInfo, locale: string): InfoVars {
  return {
    siteName: settings.name,
    domain: settings.domain,
    companyName: company.name,
    companyAddress: company.address,
    companyCity: company.city,
    companyCountry: countryName(company.country, locale),
    kvk: company.kvk,
    vatNumber: company.vat_numbers.join(', '),
    tradenames: company.tradenames.join(', '),
    supportEmail: settings.support_email,
    supportPhone: cleanPhone(company.support_phone || settings.support_phone),
    refundDays: settings.refund_days,
    termsDate: format(termsVersionDate(company.added), 'PPP', { locale: dateLocale(locale) }),
    minAge: settings.min_age,
    messageCredits: settings.message_credits,
  };
}

const loadUsPrivacy = () => import('../../content/privacy-en-us.json').then((m) => m.default as PageText);

export function InfoPage({ page }: { page: InfoPageKey }) {
  const { t } = useTranslation('pages');
  const settings = useSettings();
  const locale = currentLocale();
  const company = useCompanyInfo();
  const [params] = useSearchParams();
  const usVariant =
    page === 'privacy' && locale === 'en' && settings.us_footer && params.get('region') === 'us';
  const us = useQuery({
    queryKey: ['privacy-us'],
    queryFn: loadUsPrivacy,
    enabled: usVariant,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const text: PageText | undefined = usVariant ? us.data : (t(page, { returnObjects: true }) as PageText);
  useHead({ title: text?.title, siteName: settings.name, description: settings.description });

  if (company.isError) throw company.error;
  if (!company.data || !text) return <PageSpinner />;
  const vars = infoPageVars(settings, company.data, locale);
  return (
    <article className="container-lg py-4 py-md-5 info-page" data-testid={`info-page-${page}`}>
      <div className="row justify-content-center">
        <div className="col-lg-9 col-xl-8">
          <nav aria-label={t('common:breadcrumb')} className="small mb-3">
            <Link to="/">{settings.name}</Link> <span aria-hidden="true">›</span> <span>{text.title}</span>
          </nav>
          <h1 className="display-6 fw-semibold mb-3">{text.title}</h1>
          <p className="lead text-body-secondary">
            <InfoText text={text.intro} vars={vars} />
          </p>
          {page === 'faq' ? (
            <div className="accordion mt-4" id="faq">
              {text.sections.map((s, i) => (
                <details className="faq-item card mb-2" key={s.heading} open={i === 0}>
                  <summary className="card-header fw-semibold">{fillInfoText(s.heading, vars)}</summary>
                  <div className="card-body">
                    {s.paragraphs.map((p) => (
                      <p key={p} className="mb-2">
                        <InfoText text={p} vars={vars} />
                      </p>
                    ))}
                  </div>
                </details>
              ))}
            </div>
          ) : (
            text.sections.map((s) => (
              <section key={s.heading} className="mt-4">
                <h2 className="h5 fw-semibold">{fillInfoText(s.heading, vars)}</h2>
                {s.paragraphs.map((p) => (
                  <p key={p}>
                    <InfoText text={p} vars={vars} />
                  </p>
                ))}
              </section>
            ))
          )}
          {(page === 'service' || page === 'faq') && <ContactCard vars={vars} />}
        </div>
      </div>
    </article>
  );
}

export function ContactCard({ vars }: { vars: InfoVars }) {
  const { t } = useTranslation();
  return (
    <div className="card contact-card mt-4 border-0 shadow-sm">
      <div className="card-body d-flex flex-column flex-md-row gap-3">
        <a className="btn btn-outline-primary" href={`mailto:${vars.supportEmail}`}>
          <i className="bi bi-envelope me-2" aria-hidden="true" />
          {vars.supportEmail}
        </a>
        <a className="btn btn-outline-primary" href={`tel:${vars.supportPhone}`}>
          <i className="bi bi-telephone me-2" aria-hidden="true" />
          {vars.supportPhone}
        </a>
        <address className="mb-0 small text-body-secondary align-self-center">
          <span className="visually-hidden">{t('contact.address')}: </span>
          {vars.companyName}, {vars.companyAddress}, {vars.companyCity}
        </address>
      </div>
    </div>
  );
}
