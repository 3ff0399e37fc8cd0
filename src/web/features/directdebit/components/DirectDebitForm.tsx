import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { directDebitFormSchema } from '../../../../shared/schemas/directdebit';
import { FormField } from '../../../components/form/FormField';
import { BusyButton } from '../../../components/ui/BusyButton';
import { validateWith } from '../../../lib/form-errors';

/** The form's values as typed (the IBAN and phone in any spacing; the server normalises them). */
export interface DirectDebitFormValues {
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
  authorise: boolean;
}

export const EMPTY_FORM: DirectDebitFormValues = {
  account_holder: '',
  iban: '',
  street: '',
  house_number: '',
  zip: '',
  city: '',
  phone: '',
  authorise: false,
};

export const FORM_FIELDS = Object.keys(EMPTY_FORM) as (keyof DirectDebitFormValues)[];

/**
 * A react-hook-form resolver over the shared zod schema (the server's, with the phone checked for the member's
 * country), with the translated messages the server would give.
 */
export function directDebitResolver(
  country: string | undefined,
  bundleId: number,
  t: TFunction,
): Resolver<DirectDebitFormValues> {
  const schema = directDebitFormSchema(country);
  return (values) => {
    const found = validateWith(schema, { ...values, bundle_id: bundleId }, t);
    const errors: FieldErrors<DirectDebitFormValues> = {};
    for (const field of FORM_FIELDS)
      if (found[field]) errors[field] = { type: 'validate', message: found[field] };
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

export interface MandateText {
  creditor: string;
  creditorId: string;
  company: string;
  amount: string;
  siteName: string;
}

/**
 * Step 1 of /directdebit: the account holder, IBAN, address and mobile number, and the authorisation (the SEPA
 * mandate's text). What was typed stays when the server refuses something; its messages go to their fields.
 */
export function DirectDebitForm({
  form,
  mandate,
  busy,
  onSubmit,
}: {
  form: UseFormReturn<DirectDebitFormValues>;
  mandate: MandateText;
  busy: boolean;
  onSubmit: (values: DirectDebitFormValues) => void;
}) {
  const { t } = useTranslation('directdebit');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const text = (
    field: Exclude<keyof DirectDebitFormValues, 'authorise'>,
    autoComplete: string,
    extra: {
      hint?: string;
      inputMode?: 'numeric' | 'tel' | 'text';
      maxLength: number;
      className?: string;
    } = {
      maxLength: 70,
    },
  ) => (
    <FormField
      label={t(`fields.${field}`)}
      error={errors[field]?.message}
      hint={extra.hint}
      className={extra.className ?? 'mb-3'}
    >
      {(props) => (
        <input
          {...props}
          {...register(field)}
          type={field === 'phone' ? 'tel' : 'text'}
          autoComplete={autoComplete}
          inputMode={extra.inputMode}
          maxLength={extra.maxLength}
          spellCheck={false}
          className={`${props.className}${field === 'iban' ? ' dd-iban-input' : ''}`}
          data-testid={`dd-${field.replace('_', '-')}`}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} data-testid="dd-form">
      {text('account_holder', 'name', { maxLength: 70 })}
      {text('iban', 'off', { hint: t('fields.iban_hint'), maxLength: 50 })}
      <div className="row g-2">
        <div className="col-8">{text('street', 'address-line1', { maxLength: 70 })}</div>
        <div className="col-4">{text('house_number', 'off', { maxLength: 10 })}</div>
        <div className="col-5 col-sm-4">{text('zip', 'postal-code', { maxLength: 10 })}</div>
        <div className="col-7 col-sm-8">{text('city', 'address-level2', { maxLength: 50 })}</div>
      </div>
      {text('phone', 'tel', { hint: t('fields.phone_hint'), inputMode: 'tel', maxLength: 30 })}

      <div className="dd-mandate mb-3">
        <div className="form-check">
          <input
            {...register('authorise')}
            type="checkbox"
            id="dd-authorise"
            className={`form-check-input${errors.authorise ? ' is-invalid' : ''}`}
            aria-invalid={Boolean(errors.authorise)}
            aria-describedby={errors.authorise ? 'dd-authorise-error' : undefined}
            data-testid="dd-authorise"
          />
          <label htmlFor="dd-authorise" className="form-check-label small">
            {t('authorise', { ...mandate })}
          </label>
          {errors.authorise && (
            <div id="dd-authorise-error" className="invalid-feedback d-block" role="alert">
              {errors.authorise.message}
            </div>
          )}
        </div>
      </div>

      <BusyButton
        type="submit"
        busy={busy}
        className="btn btn-primary btn-lg rounded-pill w-100 dd-submit"
        data-testid="dd-send-code"
      >
        {!busy && <i className="bi bi-chat-dots me-2" aria-hidden="true" />}
        {busy ? t('sending') : t('send_code')}
      </BusyButton>
      <p className="dd-privacy small text-body-secondary mt-3 mb-0">
        <i className="bi bi-shield-lock me-1" aria-hidden="true" />
        {t('privacy')}
      </p>
    </form>
  );
}
