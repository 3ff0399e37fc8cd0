import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '../../../shared/rules';
import type { AdminDiscountInput } from '../../../shared/schemas/admin-discounts';
import { BusyButton } from '../../components/ui/BusyButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { isFieldRefusal } from '../components/form-errors';
import { CheckList, NumberField, SelectField, TextField } from '../sites/fields';
import { createDiscountCall } from './catalogue-api';

type Validity = AdminDiscountInput['validity'];
interface Draft {
  code: string;
  value_percentage: number | null;
  validity: Validity;
  max_uses: number | null;
  starts_at: string;
  expires: string;
  country: string;
  currency: string;
  minimum_order: string;
  paymentmethods: AdminDiscountInput['paymentmethods'];
  user_id: number | null;
}
const EMPTY: Draft = {
  code: '',
  value_percentage: 10,
  validity: 'single',
  max_uses: null,
  starts_at: '',
  expires: '',
  country: '',
  currency: '',
  minimum_order: '',
  paymentmethods: [],
  user_id: null,
};
/** A datetime-local value (the console's own time zone) as an ISO instant; '' → null; unreadable → sent as typed. */
const instant = (local: string) => {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};

/** A new discount code: one use in all, once per member, or many (optionally up to a number), with its limits. */
export function DiscountForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('catalogue');
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const save = useMutation({
    mutationFn: () =>
      createDiscountCall({
        code: draft.code,
        value_percentage: draft.value_percentage,
        validity: draft.validity,
        max_uses: draft.validity === 'multiple' ? draft.max_uses : null,
        starts_at: instant(draft.starts_at),
        expires: instant(draft.expires),
        country: draft.country.trim().toUpperCase() || null,
        currency: draft.currency.trim().toUpperCase() || null,
        minimum_order_value:
          draft.minimum_order.trim() === '' ? 0 : Math.round(Number(draft.minimum_order) * 100),
        paymentmethods: draft.paymentmethods,
        user_id: draft.user_id,
      } as AdminDiscountInput),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['console', 'discounts'] });
      onDone();
    },
  });
  const error = save.error;
  return (
    <Form
      noValidate
      className="row g-3"
      data-testid="discount-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <TextField
        id="discount-code"
        field="code"
        label={t('discount.code')}
        value={draft.code}
        onChange={(v) => set('code', v)}
        error={error}
        className="col-12 col-md-4"
      />
      <NumberField
        id="discount-percentage"
        field="value_percentage"
        label={t('discount.percentage')}
        value={draft.value_percentage}
        onChange={(v) => set('value_percentage', v)}
        error={error}
      />
      <SelectField<Validity>
        id="discount-validity"
        field="validity"
        label={t('discount.validity')}
        value={draft.validity}
        onChange={(v) => set('validity', v)}
        options={(['single', 'once_per_user', 'multiple'] as const).map((v) => ({
          value: v,
          label: t(`validity.${v}`),
        }))}
        error={error}
        className="col-12 col-md-5"
      />
      {draft.validity === 'multiple' && (
        <NumberField
          id="discount-max-uses"
          field="max_uses"
          label={t('discount.max_uses')}
          help={t('discount.max_uses_help')}
          value={draft.max_uses}
          onChange={(v) => set('max_uses', v)}
          error={error}
          className="col-12 col-md-4"
        />
      )}
      <TextField
        id="discount-starts"
        field="starts_at"
        type="datetime-local"
        label={t('discount.starts_at')}
        value={draft.starts_at}
        onChange={(v) => set('starts_at', v)}
        error={error}
        className="col-12 col-md-4"
      />
      <TextField
        id="discount-expires"
        field="expires"
        type="datetime-local"
        label={t('discount.expires')}
        value={draft.expires}
        onChange={(v) => set('expires', v)}
        error={error}
        className="col-12 col-md-4"
      />
      <TextField
        id="discount-country"
        field="country"
        label={t('discount.country')}
        help={t('discount.any_if_empty')}
        value={draft.country}
        onChange={(v) => set('country', v)}
        error={error}
        className="col-6 col-md-2"
      />
      <TextField
        id="discount-currency"
        field="currency"
        label={t('discount.currency')}
        help={t('discount.any_if_empty')}
        value={draft.currency}
        onChange={(v) => set('currency', v)}
        error={error}
        className="col-6 col-md-2"
      />
      <TextField
        id="discount-minimum"
        field="minimum_order_value"
        label={t('discount.minimum_order')}
        value={draft.minimum_order}
        onChange={(v) => set('minimum_order', v)}
        error={error}
        className="col-6 col-md-4"
      />
      <NumberField
        id="discount-member"
        field="user_id"
        label={t('discount.member')}
        help={t('discount.member_help')}
        value={draft.user_id}
        onChange={(v) => set('user_id', v)}
        error={error}
        className="col-6 col-md-4"
      />
      <CheckList
        id="discount-methods"
        field="paymentmethods"
        label={t('discount.methods')}
        help={t('discount.methods_help')}
        values={draft.paymentmethods}
        onChange={(v) => set('paymentmethods', v)}
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
        error={error}
      />
      <div className="col-12 d-flex flex-wrap gap-2 align-items-center">
        <BusyButton
          type="submit"
          busy={save.isPending}
          className="btn btn-primary"
          data-testid="discount-save"
        >
          {t('discount.create')}
        </BusyButton>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          {t('cancel')}
        </button>
        {isFieldRefusal(error) && (
          <span role="alert" className="text-danger-emphasis small">
            {t('has_errors')}
          </span>
        )}
      </div>
      {!isFieldRefusal(error) && (
        <div className="col-12">
          <ErrorAlert error={error} ns="catalogue" />
        </div>
      )}
    </Form>
  );
}
