import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import {
  type AdminBundle,
  type AdminBundleInput,
  BUNDLE_STYLES,
  type PricingCountry,
} from '../../../shared/schemas/admin-catalogue';
import { BusyButton } from '../../components/ui/BusyButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { isFieldRefusal } from '../components/form-errors';
import { NumberField, SelectField, SwitchField, TextField } from '../sites/fields';
import { catalogueQuery, saveBundleCall, toMajor, toMinor } from './catalogue-api';
import { type PriceDraft, PriceRows } from './PriceRows';

interface Draft {
  code: string;
  credits: number | null;
  style: AdminBundle['style'];
  best_value: boolean;
  active: boolean;
  listed: boolean;
  prices: PriceDraft[];
}

const draftOf = (b: AdminBundle | null): Draft =>
  b
    ? {
        ...b,
        prices: b.prices.map((p) => ({ ...p, amount: toMajor(p.amount_minor, p.currency) })),
      }
    : { code: '', credits: null, style: 'p0', best_value: false, active: true, listed: true, prices: [] };

/** A bundle (premium package): its credits, package style, whether it is sold and listed, and its prices. */
export function BundleForm({
  bundle,
  countries,
  onDone,
}: {
  bundle: AdminBundle | null;
  countries: readonly PricingCountry[];
  onDone: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(bundle));
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const save = useMutation({
    mutationFn: () =>
      saveBundleCall({
        id: bundle?.id ?? null,
        input: {
          ...draft,
          prices: draft.prices.map(({ amount, ...p }) => ({
            ...p,
            amount_minor: toMinor(amount, p.currency),
          })),
        } as AdminBundleInput,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: catalogueQuery.queryKey });
      onDone();
    },
  });
  const error = save.error;
  return (
    <Form
      noValidate
      className="row g-3"
      data-testid="bundle-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <TextField
        id="bundle-code"
        field="code"
        label={t('bundle.code')}
        value={draft.code}
        onChange={(v) => set('code', v)}
        error={error}
        className="col-12 col-md-4"
      />
      <NumberField
        id="bundle-credits"
        field="credits"
        label={t('bundle.credits')}
        value={draft.credits}
        onChange={(v) => set('credits', v)}
        error={error}
      />
      <SelectField
        id="bundle-style"
        field="style"
        label={t('bundle.style')}
        value={draft.style}
        onChange={(v) => set('style', v)}
        options={BUNDLE_STYLES.map((s) => ({ value: s, label: t(`style.${s}`) }))}
        error={error}
        className="col-6 col-md-3"
      />
      <SwitchField
        id="bundle-active"
        field="active"
        label={t('bundle.active')}
        value={draft.active}
        onChange={(v) => set('active', v)}
        error={error}
        className="col-12 col-md-4"
      />
      <SwitchField
        id="bundle-listed"
        field="listed"
        label={t('bundle.listed')}
        value={draft.listed}
        onChange={(v) => set('listed', v)}
        error={error}
        className="col-12 col-md-4"
      />
      <SwitchField
        id="bundle-best-value"
        field="best_value"
        label={t('bundle.best_value')}
        value={draft.best_value}
        onChange={(v) => set('best_value', v)}
        error={error}
        className="col-12 col-md-4"
      />
      <PriceRows
        rows={draft.prices}
        onChange={(rows) => set('prices', rows)}
        countries={countries}
        error={error}
      />
      <div className="col-12 d-flex flex-wrap gap-2 align-items-center">
        <BusyButton type="submit" busy={save.isPending} className="btn btn-primary" data-testid="bundle-save">
          {t('save')}
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
