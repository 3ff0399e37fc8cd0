import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RULES } from '../../../../shared/rules';
import { passwordChangeSchema } from '../../../../shared/schemas/accounts';
import { FormAlert, fieldErrors } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { BusyButton } from '../../../components/ui/BusyButton';
import { validateWith } from '../../../lib/form-errors';
import { passwordChangeCall } from '../../auth/api/accounts';
import { SettingsCard } from './SettingsCard';

const EMPTY = { old_password: '', password: '', password_confirm: '' };
type Values = typeof EMPTY;
const FIELDS = Object.keys(EMPTY) as (keyof Values)[];

/** The password section (#password): old password, new password twice; the other devices are logged out. */
export function PasswordSection() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (v: Values) => passwordChangeCall(v.old_password, v.password, v.password_confirm),
    onSuccess: () => {
      setValues(EMPTY);
      // The server ended the other sessions.
      void queryClient.invalidateQueries({ queryKey: ['sessions'] });
    },
  });
  const errors: Record<string, string> = { ...fieldErrors(change.error), ...clientErrors };
  const showAlert = change.error && !FIELDS.some((f) => errors[f]);

  const set = (field: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateWith(passwordChangeSchema, values, t);
    setClientErrors(found);
    if (Object.keys(found).length > 0) {
      change.reset();
      return;
    }
    change.mutate(values);
  };

  const input = (field: keyof Values, autoComplete: string, label: string, hint?: string) => (
    <FormField label={label} error={errors[field]} hint={hint}>
      {(props) => (
        <input
          {...props}
          type="password"
          name={field}
          autoComplete={autoComplete}
          maxLength={ACCOUNT_RULES.password.max}
          value={values[field]}
          onChange={set(field)}
          data-testid={`settings-password-${field.replace('_', '-')}`}
        />
      )}
    </FormField>
  );

  return (
    <SettingsCard id="password" title={t('password.title')} icon="bi-key">
      <form noValidate onSubmit={submit} data-testid="settings-password-form">
        {change.isSuccess && (
          <div
            className="alert alert-success py-2 small"
            role="status"
            data-testid="settings-password-success"
          >
            <i className="bi bi-check-circle-fill me-2" aria-hidden="true" />
            {t('password.success')}
          </div>
        )}
        {showAlert && <FormAlert error={change.error} />}
        {input('old_password', 'current-password', t('password.old'))}
        {input(
          'password',
          'new-password',
          t('password.new'),
          t('password.hint', { min: ACCOUNT_RULES.password.min, max: ACCOUNT_RULES.password.max }),
        )}
        {input('password_confirm', 'new-password', t('password.confirm'))}
        <BusyButton
          type="submit"
          className="btn btn-primary rounded-pill px-4"
          busy={change.isPending}
          data-testid="settings-password-submit"
        >
          {t('password.submit')}
        </BusyButton>
      </form>
    </SettingsCard>
  );
}
