import { useTranslation } from 'react-i18next';
import { BILLING_DESCRIPTOR_MAX, PAYMENT_PROVIDERS } from '../../../shared/schemas/admin-sites';
import { SelectField, TextField } from './fields';
import type { SetField, SiteDraft } from './site-draft';

type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** Brand names, the same in every language. */
const PROVIDER_NAMES: Record<PaymentProvider, string> = { mollie: 'Mollie', verotel: 'Verotel (FlexPay)' };
type Discreet = 'niche' | 'on' | 'off';

const discreetOf = (v: boolean | null): Discreet => (v === null ? 'niche' : v ? 'on' : 'off');
const discreetValue = (v: Discreet): boolean | null => (v === 'niche' ? null : v === 'on');

/**
 * Who takes the site's payments, what members see on their bank statement, and discreet mode for members who did
 * not choose (on, off, or the niche's default).
 */
export function SitePaymentFields({
  draft,
  set,
  error,
}: {
  draft: SiteDraft;
  set: SetField;
  error: unknown;
}) {
  const { t } = useTranslation('sites');
  return (
    <div className="row g-3">
      <SelectField<PaymentProvider>
        id="site-payment-provider"
        field="payment_provider"
        label={t('field.payment_provider')}
        value={draft.payment_provider}
        onChange={(v) => set('payment_provider', v)}
        options={PAYMENT_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_NAMES[p] }))}
        help={t(`help.payment_provider_${draft.payment_provider}`)}
        className="col-12 col-md-6"
        error={error}
      />
      <TextField
        id="site-billing-descriptor"
        field="billing_descriptor"
        label={t('field.billing_descriptor')}
        value={draft.billing_descriptor}
        onChange={(v) => set('billing_descriptor', v)}
        help={t('help.billing_descriptor', {
          length: draft.billing_descriptor.length,
          max: BILLING_DESCRIPTOR_MAX,
        })}
        error={error}
      />
      <SelectField<Discreet>
        id="site-discreet-default"
        field="discreet_default"
        label={t('field.discreet_default')}
        value={discreetOf(draft.discreet_default)}
        onChange={(v) => set('discreet_default', discreetValue(v))}
        options={(['niche', 'on', 'off'] as const).map((d) => ({ value: d, label: t(`discreet.${d}`) }))}
        help={t('help.discreet_default')}
        className="col-12 col-md-6"
        error={error}
      />
    </div>
  );
}
