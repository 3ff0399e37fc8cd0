import { useTranslation } from 'react-i18next';
import { COUNTRIES, LOCALE_NAMES, LOCALES, type Locale } from '../../../shared/locales';
import { SEARCH_FIELD_NAMES, VISITOR_ACCESS } from '../../../shared/schemas/admin-sites';
import { PROFILE_FIELD_NAMES } from '../../../shared/schemas/profiles';
import { CheckList, SelectField, SwitchField } from './fields';
import type { SetField, SiteDraft } from './site-draft';

/** Languages and countries served, who may sign up and search, and what profiles and the search show. */
export function SiteAudienceFields({
  draft,
  set,
  error,
}: {
  draft: SiteDraft;
  set: SetField;
  error: unknown;
}) {
  const { t, i18n } = useTranslation('sites');
  const regions = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const access = VISITOR_ACCESS.map((v) => ({ value: v, label: t(`access.${v}`) }));
  return (
    <div className="row g-3">
      <SelectField<Locale>
        id="site-domain-language"
        field="domain_language"
        label={t('field.domain_language')}
        value={draft.domain_language}
        onChange={(v) => set('domain_language', v)}
        options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
        error={error}
      />
      <CheckList<Locale>
        id="site-languages"
        field="languages"
        label={t('field.languages')}
        values={draft.languages}
        onChange={(v) => set('languages', v)}
        options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
        error={error}
      />
      <CheckList<string>
        id="site-countries"
        field="countries"
        label={t('field.countries')}
        values={draft.countries}
        onChange={(v) => set('countries', v)}
        options={COUNTRIES.map((c) => ({ value: c, label: regions.of(c) ?? c }))}
        error={error}
      />
      <SelectField
        id="site-signups"
        field="signups"
        label={t('field.signups')}
        value={draft.signups}
        onChange={(v) => set('signups', v)}
        options={access}
        error={error}
      />
      <SelectField
        id="site-logged-out-search"
        field="logged_out_search"
        label={t('field.logged_out_search')}
        value={draft.logged_out_search}
        onChange={(v) => set('logged_out_search', v)}
        options={access}
        error={error}
      />
      <SelectField
        id="site-logged-out-search-trafficsource"
        field="logged_out_search_trafficsource"
        label={t('field.logged_out_search_trafficsource')}
        value={draft.logged_out_search_trafficsource}
        onChange={(v) => set('logged_out_search_trafficsource', v)}
        options={(['all', 'none'] as const).map((v) => ({ value: v, label: t(`access.${v}`) }))}
        error={error}
      />
      <SwitchField
        id="site-entry-popup"
        field="enable_site_entry_popup"
        label={t('field.enable_site_entry_popup')}
        value={draft.enable_site_entry_popup === 'yes'}
        onChange={(v) => set('enable_site_entry_popup', v ? 'yes' : 'no')}
        error={error}
      />
      <SwitchField
        id="site-member-resell"
        field="member_resell"
        label={t('field.member_resell')}
        help={t('help.member_resell')}
        value={draft.member_resell}
        onChange={(v) => set('member_resell', v)}
        error={error}
      />
      <SwitchField
        id="site-us-footer"
        field="us_footer"
        label={t('field.us_footer')}
        value={draft.us_footer}
        onChange={(v) => set('us_footer', v)}
        error={error}
      />
      <SwitchField
        id="site-profile-notes"
        field="visible_profile_notes"
        label={t('field.visible_profile_notes')}
        value={draft.visible_profile_notes}
        onChange={(v) => set('visible_profile_notes', v)}
        error={error}
      />
      <CheckList
        id="site-profile-fields"
        field="visible_profile_fields"
        label={t('field.visible_profile_fields')}
        values={draft.visible_profile_fields}
        onChange={(v) => set('visible_profile_fields', v)}
        options={PROFILE_FIELD_NAMES.map((f) => ({ value: f, label: t(`profile_field.${f}`) }))}
        error={error}
      />
      <CheckList
        id="site-search-fields"
        field="search_fields"
        label={t('field.search_fields')}
        values={draft.search_fields}
        onChange={(v) => set('search_fields', v)}
        options={SEARCH_FIELD_NAMES.map((f) => ({ value: f, label: t(`search_field.${f}`) }))}
        error={error}
      />
    </div>
  );
}
