import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countriesForLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../shared/locales';
import { saveLanguageCall } from '../../features/auth/api/accounts';
import { useCurrentUser } from '../../features/auth/api/session';
import { useCountryNames } from '../../features/members/country-names';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { currentLocale, switchLanguage } from '../../lib/i18n';

/**
 * /lang-config (spec: language configuration): the 11 languages with where they are spoken, the current one
 * chosen. A choice switches at once, is remembered in the locale cookie, and for a signed-in member saved on the
 * account (as the language dropdown does; a failed save changes nothing on screen, as the spec says).
 */
export function LangConfigPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useCurrentUser();
  const current = currentLocale();
  const countryName = useCountryNames(current);
  const [saved, setSaved] = useState<Locale | null>(null);
  useHead({ title: t('lang_config.title'), siteName: settings.name });

  const choose = (locale: Locale) => {
    void switchLanguage(locale).then(() => {
      setSaved(locale);
      if (user) void saveLanguageCall(locale).catch(() => undefined);
    });
  };

  return (
    <section className="container-lg py-4 py-md-5 lang-config" data-testid="lang-config">
      <h1 className="h3 fw-bold mb-2">
        <i className="bi bi-translate me-2 text-primary" aria-hidden="true" />
        {t('lang_config.title')}
      </h1>
      <p className="text-body-secondary mb-4">
        {t(user ? 'lang_config.intro_member' : 'lang_config.intro', { siteName: settings.name })}
      </p>
      <fieldset>
        <legend className="visually-hidden">{t('language.choose')}</legend>
        <div className="row g-2 g-md-3 row-cols-1 row-cols-sm-2 row-cols-lg-3">
          {/* The languages the site offers (sites.languages); every one when the settings name none. */}
          {LOCALES.filter((l) => !settings.languages?.length || settings.languages.includes(l)).map(
            (locale) => {
              const id = `lang-config-${locale}`;
              const where = countriesForLocale(locale).slice(0, 4).map(countryName).join(', ');
              return (
                <div className="col" key={locale}>
                  <input
                    type="radio"
                    className="btn-check"
                    name="language"
                    id={id}
                    checked={locale === current}
                    onChange={() => choose(locale)}
                    data-testid={id}
                  />
                  <label className="lang-config-option card h-100" htmlFor={id} lang={locale}>
                    <span className="card-body d-flex align-items-center gap-3">
                      <span className="lang-config-code" aria-hidden="true">
                        {locale}
                      </span>
                      <span className="d-flex flex-column min-w-0">
                        <span className="fw-semibold">{LOCALE_NAMES[locale]}</span>
                        {where && <span className="small text-body-secondary text-truncate">{where}</span>}
                      </span>
                      {locale === current && (
                        <i className="bi bi-check-circle-fill text-primary ms-auto fs-5" aria-hidden="true" />
                      )}
                    </span>
                  </label>
                </div>
              );
            },
          )}
        </div>
      </fieldset>
      <p className="mt-3 mb-0 small" role="status" data-testid="lang-config-status">
        {saved ? t('lang_config.saved', { language: LOCALE_NAMES[saved] }) : ''}
      </p>
    </section>
  );
}
