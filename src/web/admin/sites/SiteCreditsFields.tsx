import { useTranslation } from 'react-i18next';
import { GIFT_IDS } from '../../../shared/rules';
import { NumberField } from './fields';
import type { SetField, SiteDraft } from './site-draft';

const FIELDS = [
  'message_credits',
  'photo_credits',
  'gift_credits',
  'signup_credits',
  'free_messages',
  'free_history_messages',
  'message_length',
  'refund_days',
  'welcome_discount_hours',
  'direct_debit_limit_minor',
] as const satisfies readonly (keyof SiteDraft)[];

/**
 * What messages, photos and gifts cost in credits, the starter gifts, refunds and the welcome discount. Gifts: the
 * set of gifts is the product's (drawn in the app); the site sets what one costs.
 */
export function SiteCreditsFields({
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
      {FIELDS.map((f) => (
        <NumberField
          key={f}
          id={`site-${f.replaceAll('_', '-')}`}
          field={f}
          label={t(`field.${f}`)}
          value={draft[f]}
          onChange={(v) => set(f, v)}
          error={error}
        />
      ))}
      <p className="col-12 small text-body-secondary mb-0">{t('help.gifts', { count: GIFT_IDS.length })}</p>
    </div>
  );
}
