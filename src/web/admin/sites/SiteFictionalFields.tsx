import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type Locale } from '../../../shared/locales';
import { FICTIONAL_ICONS } from '../../../shared/schemas/admin-sites';
import { SelectField, TextField } from './fields';
import type { SetField, SiteDraft } from './site-draft';

/** The fictional-profile mark and, per language the site offers, its own warning and names (empty: the product's). */
export function SiteFictionalFields({
  draft,
  set,
  error,
}: {
  draft: SiteDraft;
  set: SetField;
  error: unknown;
}) {
  const { t } = useTranslation('sites');
  const [language, setLanguage] = useState<Locale>(draft.domain_language);
  const shown = draft.languages.includes(language) ? language : (draft.languages[0] ?? draft.domain_language);
  const texts = draft.fictional_texts[shown] ?? { warning: '', singular: '', plural: '' };
  const put = (key: keyof typeof texts, value: string) =>
    set('fictional_texts', { ...draft.fictional_texts, [shown]: { ...texts, [key]: value } });
  return (
    <div className="row g-3">
      <SelectField
        id="site-fictional-icon"
        field="fictional_icon"
        label={t('field.fictional_icon')}
        value={draft.fictional_icon}
        onChange={(v) => set('fictional_icon', v)}
        options={FICTIONAL_ICONS.map((i) => ({ value: i, label: t(`icon.${i}`) }))}
        error={error}
        help={
          <span>
            <i className={`bi bi-${draft.fictional_icon} me-1`} aria-hidden="true" />
            {t('help.fictional_icon')}
          </span>
        }
      />
      <SelectField<Locale>
        id="site-fictional-language"
        field="fictional_language"
        label={t('field.fictional_language')}
        value={shown}
        onChange={setLanguage}
        options={draft.languages.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
        error={error}
      />
      <TextField
        id="site-fictional-warning"
        field={`fictional_texts.${shown}.warning`}
        className="col-12"
        as="textarea"
        label={t('field.fictional_warning')}
        help={t('help.fictional_texts')}
        value={texts.warning}
        onChange={(v) => put('warning', v)}
        error={error}
      />
      <TextField
        id="site-fictional-singular"
        field={`fictional_texts.${shown}.singular`}
        label={t('field.fictional_singular')}
        value={texts.singular}
        onChange={(v) => put('singular', v)}
        error={error}
      />
      <TextField
        id="site-fictional-plural"
        field={`fictional_texts.${shown}.plural`}
        label={t('field.fictional_plural')}
        value={texts.plural}
        onChange={(v) => put('plural', v)}
        error={error}
      />
    </div>
  );
}
