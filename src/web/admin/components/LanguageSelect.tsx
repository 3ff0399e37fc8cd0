import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../../shared/locales';
import { consoleLocale, switchConsoleLanguage } from '../admin-i18n';

/** The console's language, all 11 locales by their own names. */
export function LanguageSelect({ id, className }: { id: string; className?: string }) {
  const { t, i18n } = useTranslation('console');
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label className="small mb-1">{t('language')}</Form.Label>
      <Form.Select
        size="sm"
        value={consoleLocale(i18n)}
        onChange={(e) => {
          if (isLocale(e.target.value)) void switchConsoleLanguage(e.target.value);
        }}
        data-testid="console-language"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
