import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { AdminCompany, AdminCompanyInput } from '../../../shared/schemas/admin-sites';
import { BusyButton } from '../../components/ui/BusyButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { isFieldRefusal } from '../components/form-errors';
import { NumberField, TextField } from './fields';
import { saveCompanyCall, sitesQuery } from './sites-api';

type Draft = Omit<AdminCompanyInput, 'tradenames' | 'vat_numbers' | 'delete_discount'> & {
  tradenames: string;
  vat_numbers: string;
  delete_discount: number | null;
};

const EMPTY: Draft = {
  name: '',
  address: '',
  kvk: '',
  city: '',
  country: 'NL',
  tradenames: '',
  vat_numbers: '',
  support_phone: '',
  delete_discount: 25,
};
const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The company block (legal pages, footer, mails): a new company, or one edited in place. */
export function CompanyForm({ company, onDone }: { company: AdminCompany | null; onDone: () => void }) {
  const { t } = useTranslation('sites');
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    company
      ? { ...company, tradenames: company.tradenames.join(', '), vat_numbers: company.vat_numbers.join(', ') }
      : EMPTY,
  );
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const save = useMutation({
    mutationFn: () =>
      saveCompanyCall({
        id: company?.id ?? null,
        input: {
          ...draft,
          tradenames: list(draft.tradenames),
          vat_numbers: list(draft.vat_numbers),
        } as AdminCompanyInput,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: sitesQuery.queryKey });
      onDone();
    },
  });
  const error = save.error;
  const text = (k: Exclude<keyof Draft, 'delete_discount'>, className?: string) => (
    <TextField
      id={`company-${k.replaceAll('_', '-')}`}
      field={k}
      label={t(`company.${k}`)}
      value={draft[k]}
      onChange={(v) => set(k, v)}
      error={error}
      className={className}
    />
  );
  return (
    <Form
      noValidate
      className="row g-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      data-testid="company-form"
    >
      {text('name')}
      {text('kvk', 'col-6 col-md-3')}
      {text('country', 'col-6 col-md-3')}
      {text('address')}
      {text('city')}
      {text('tradenames')}
      {text('vat_numbers')}
      {text('support_phone')}
      <NumberField
        id="company-delete-discount"
        field="delete_discount"
        label={t('company.delete_discount')}
        value={draft.delete_discount}
        onChange={(v) => set('delete_discount', v)}
        error={error}
      />
      <div className="col-12 d-flex gap-2">
        <BusyButton
          type="submit"
          busy={save.isPending}
          className="btn btn-primary"
          data-testid="company-save"
        >
          {t('save')}
        </BusyButton>
        <button type="button" className="btn btn-outline-dark" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
      {!isFieldRefusal(error) && (
        <div className="col-12">
          <ErrorAlert error={error} ns="sites" />
        </div>
      )}
    </Form>
  );
}
