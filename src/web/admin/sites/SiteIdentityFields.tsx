import { useTranslation } from 'react-i18next';
import type { AdminCompany } from '../../../shared/schemas/admin-sites';
import { NumberField, SelectField, TextField } from './fields';
import type { SetField, SiteDraft } from './site-draft';

const NICHES = [1, 2, 3, 4, 5, 6, 7] as const;

/** Domain, names, texts, niche, company and CDN of a site. */
export function SiteIdentityFields({
  draft,
  set,
  error,
  companies,
}: {
  draft: SiteDraft;
  set: SetField;
  error: unknown;
  companies: readonly AdminCompany[];
}) {
  const { t } = useTranslation('sites');
  return (
    <div className="row g-3">
      <TextField
        id="site-domain"
        field="domain"
        label={t('field.domain')}
        help={t('help.domain')}
        value={draft.domain}
        onChange={(v) => set('domain', v)}
        error={error}
      />
      <TextField
        id="site-name"
        field="name"
        label={t('field.name')}
        value={draft.name}
        onChange={(v) => set('name', v)}
        error={error}
      />
      <TextField
        id="site-index-title"
        field="index_title"
        label={t('field.index_title')}
        value={draft.index_title}
        onChange={(v) => set('index_title', v)}
        error={error}
      />
      <TextField
        id="site-mail-name"
        field="mail_name"
        label={t('field.mail_name')}
        value={draft.mail_name}
        onChange={(v) => set('mail_name', v)}
        error={error}
      />
      <TextField
        id="site-description"
        field="description"
        as="textarea"
        className="col-12"
        label={t('field.description')}
        value={draft.description}
        onChange={(v) => set('description', v)}
        error={error}
      />
      <SelectField
        id="site-niche"
        field="niche"
        label={t('field.niche')}
        value={String(draft.niche ?? 1)}
        onChange={(v) => set('niche', Number(v))}
        options={NICHES.map((n) => ({ value: String(n), label: t(`niche.${n}`) }))}
        error={error}
      />
      <SelectField
        id="site-company"
        field="company_id"
        label={t('field.company')}
        value={String(draft.company_id ?? '')}
        onChange={(v) => set('company_id', Number(v))}
        options={companies.map((c) => ({ value: String(c.id), label: `${c.name} (${c.city})` }))}
        error={error}
      />
      <TextField
        id="site-cdn-prefix"
        field="cdn_prefix"
        label={t('field.cdn_prefix')}
        help={t('help.cdn_prefix')}
        value={draft.cdn_prefix}
        onChange={(v) => set('cdn_prefix', v)}
        error={error}
      />
      <TextField
        id="site-support-email"
        field="support_email"
        type="email"
        label={t('field.support_email')}
        value={draft.support_email}
        onChange={(v) => set('support_email', v)}
        error={error}
      />
      <TextField
        id="site-support-phone"
        field="support_phone"
        type="tel"
        label={t('field.support_phone')}
        value={draft.support_phone}
        onChange={(v) => set('support_phone', v)}
        error={error}
      />
      <NumberField
        id="site-min-age"
        field="min_age"
        label={t('field.min_age')}
        value={draft.min_age}
        onChange={(v) => set('min_age', v)}
        error={error}
      />
    </div>
  );
}
