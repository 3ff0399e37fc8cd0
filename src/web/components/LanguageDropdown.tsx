import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../shared/locales';
import { currentLocale, switchLanguage } from '../lib/i18n';

/**
 * Switches the UI language without a reload, among the languages the site offers (settings.languages, from
 * sites.languages; every language when none are given).
 */
export function LanguageDropdown({
  onChanged,
  align = 'end',
  languages,
}: {
  onChanged?: (l: Locale) => void;
  align?: 'start' | 'end';
  languages?: readonly Locale[] | undefined;
}) {
  const { t } = useTranslation();
  const current = currentLocale();
  const offered = languages && languages.length > 0 ? LOCALES.filter((l) => languages.includes(l)) : LOCALES;
  return (
    <Dropdown align={align} className="language-dropdown">
      <Dropdown.Toggle
        variant="link"
        className="nav-link px-2 text-body"
        aria-label={t('language.choose')}
        data-testid="language-toggle"
      >
        <i className="bi bi-translate me-1" aria-hidden="true" />
        <span className="text-uppercase small fw-semibold">{current}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {offered.map((l) => (
          <Dropdown.Item
            key={l}
            as="button"
            lang={l}
            active={l === current}
            onClick={() => void switchLanguage(l).then(() => onChanged?.(l))}
            data-testid={`language-${l}`}
          >
            {LOCALE_NAMES[l]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
