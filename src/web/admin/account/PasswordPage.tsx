import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/ui/BusyButton';
import { passwordCall } from '../auth/auth-api';
import { ConsolePage } from '../components/ConsolePage';
import { ErrorAlert } from '../components/ErrorAlert';
import { fieldError, isFieldRefusal } from '../components/form-errors';
import { PasswordFields, passwordsReady } from '../components/PasswordFields';
import { useStaff } from '../session';

/** The signed-in staff member's account: who they are, and a new password (their other sessions end). */
export function PasswordPage() {
  const { t } = useTranslation('console');
  const staff = useStaff();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const change = useMutation({
    mutationFn: passwordCall,
    onSuccess: () => {
      setCurrent('');
      setPassword('');
      setConfirm('');
    },
  });
  const currentError = fieldError(change.error, 'old_password');
  return (
    <ConsolePage title={t('account.title')}>
      <dl className="row mb-4 console-account">
        <dt className="col-sm-3">{t('account.name')}</dt>
        <dd className="col-sm-9">{staff.name}</dd>
        <dt className="col-sm-3">{t('account.email')}</dt>
        <dd className="col-sm-9">{staff.email}</dd>
        <dt className="col-sm-3">{t('account.role')}</dt>
        <dd className="col-sm-9">{t(`roles.${staff.role}`)}</dd>
      </dl>
      <div className="card console-form-card">
        <div className="card-body">
          <h2 className="h5 mb-3">{t('account.password_title')}</h2>
          {change.isSuccess && (
            <div className="alert alert-success" role="status" data-testid="console-password-done">
              {t('account.password_done')}
            </div>
          )}
          {!isFieldRefusal(change.error) && <ErrorAlert error={change.error} />}
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              if (passwordsReady(password, confirm))
                change.mutate({ old_password: current, password, password_confirm: confirm });
            }}
          >
            <Form.Group controlId="console-current-password" className="mb-3">
              <Form.Label>{t('account.current_password')}</Form.Label>
              <Form.Control
                type="password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
                autoComplete="current-password"
                required
                isInvalid={!!currentError}
                data-testid="console-current-password"
              />
              <Form.Control.Feedback type="invalid">{currentError}</Form.Control.Feedback>
            </Form.Group>
            <PasswordFields
              idPrefix="console-new"
              password={password}
              confirm={confirm}
              onPassword={setPassword}
              onConfirm={setConfirm}
              error={change.error}
              labels={{ password: t('account.new_password'), confirm: t('account.confirm_password') }}
            />
            <BusyButton
              type="submit"
              busy={change.isPending}
              disabled={!current || !passwordsReady(password, confirm)}
              className="btn btn-primary"
              data-testid="console-password-submit"
            >
              {t('account.password_submit')}
            </BusyButton>
          </Form>
        </div>
      </div>
    </ConsolePage>
  );
}
