import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '../../../shared/schemas/admin-staff';
import { BusyButton } from '../../components/ui/BusyButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { fieldError, isFieldRefusal } from '../components/form-errors';
import { inviteCall, invitesQuery } from './staff-api';

/** An admin invites someone by e-mail with a role; the invitation link goes to that address (valid 72 h). */
export function InviteForm() {
  const { t } = useTranslation('console');
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('moderator');
  const invite = useMutation({
    mutationFn: inviteCall,
    onSuccess: () => {
      setEmail('');
      setName('');
      void client.invalidateQueries({ queryKey: invitesQuery.queryKey });
    },
  });
  return (
    <section className="card console-form-card mb-4" aria-labelledby="console-invite-heading">
      <div className="card-body">
        <h2 id="console-invite-heading" className="h5 mb-3">
          {t('staff.invite_title')}
        </h2>
        {invite.isSuccess && (
          <div className="alert alert-success" role="status" data-testid="console-invite-sent">
            {t('staff.invited', { email: invite.data.email })}
          </div>
        )}
        {!isFieldRefusal(invite.error) && <ErrorAlert error={invite.error} />}
        <Form
          className="row g-2 align-items-start"
          onSubmit={(e) => {
            e.preventDefault();
            invite.mutate({ email: email.trim(), name: name.trim(), role });
          }}
        >
          <Form.Group controlId="console-invite-email" className="col-12 col-md-4">
            <Form.Label className="small mb-1">{t('staff.email')}</Form.Label>
            <Form.Control
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              isInvalid={!!fieldError(invite.error, 'email')}
              data-testid="console-invite-email"
            />
            <Form.Control.Feedback type="invalid">{fieldError(invite.error, 'email')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="console-invite-staff-name" className="col-12 col-md-3">
            <Form.Label className="small mb-1">{t('staff.name')}</Form.Label>
            <Form.Control
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              isInvalid={!!fieldError(invite.error, 'name')}
              data-testid="console-invite-staff-name"
            />
            <Form.Control.Feedback type="invalid">{fieldError(invite.error, 'name')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="console-invite-role" className="col-12 col-md-2">
            <Form.Label className="small mb-1">{t('staff.role')}</Form.Label>
            <Form.Select
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
              data-testid="console-invite-role"
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <div className="col-12 col-md-3 console-form-submit">
            <BusyButton
              type="submit"
              busy={invite.isPending}
              disabled={!email.trim() || !name.trim()}
              className="btn btn-primary w-100"
              data-testid="console-invite-submit"
            >
              {t('staff.invite')}
            </BusyButton>
          </div>
        </Form>
      </div>
    </section>
  );
}
