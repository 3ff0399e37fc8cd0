import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cleanPhone } from '../../shared/rules';
import type { PublicSettings } from '../../shared/schemas/sites';
import { useCompanyInfo } from '../features/site/api/companyinfo';
import { currentLocale } from '../lib/i18n';

const LINKS = [
  ['/pages/terms', 'footer.terms'],
  ['/pages/privacy', 'footer.privacy'],
  ['/pages/cookies', 'footer.cookies'],
  ['/pages/ban', 'footer.ban'],
  ['/pricing', 'footer.pricing'],
  ['/complaints', 'footer.complaints'],
  // The cancel button (BGB §312k): reachable from every page, without signing in.
  ['/cancel', 'footer.cancel'],
  ['/pages/return-policy', 'footer.return_policy'],
  ['/pages/faq', 'footer.faq'],
  // Safety tips for dating (issue 21), also linked from the chat's report dialog.
  ['/pages/safety', 'safety:footer'],
  ['/pages/service', 'footer.support'],
  ['/lang-config', 'lang_config.title'],
] as const;

export function Footer({ settings }: { settings: PublicSettings }) {
  const { t } = useTranslation(['common', 'safety']);
  const company = useCompanyInfo().data;
  const showUsFooter = settings.us_footer && currentLocale() === 'en';
  return (
    <footer className="site-footer mt-auto">
      <div className="container-lg py-4">
        <nav aria-label={t('footer.nav')}>
          <ul className="list-unstyled d-flex flex-wrap footer-links mb-3">
            {LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {showUsFooter && (
          <p className="small mb-2" data-testid="us-footer">
            {t('footer.us_notice')} <Link to="/pages/privacy?region=us">{t('footer.us_privacy')}</Link>
          </p>
        )}
        <p className="small text-body-secondary mb-0">
          © {new Date().getFullYear()} {company?.name ?? settings.name}
          {company && (
            <>
              {' · '}
              {company.address}, {company.city}
              {' · '}
              <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
              {' · '}
              <a href={`tel:${cleanPhone(settings.support_phone)}`}>{cleanPhone(settings.support_phone)}</a>
            </>
          )}
        </p>
      </div>
    </footer>
  );
}
