import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffListItem, type StaffRole } from '../../../shared/schemas/admin-staff';
import { BusyButton } from '../../components/ui/BusyButton';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { formatDateTime } from '../components/format';
import { useStaff } from '../session';
import { staffListQuery, staffUpdateCall } from './staff-api';

/** Every staff account: role changes and disabling (never one's own: an admin cannot lock themselves out). */
export function StaffTable() {
  const { t, i18n } = useTranslation('console');
  const me = useStaff();
  const client = useQueryClient();
  const list = useQuery(staffListQuery);
  const [confirming, setConfirming] = useState<StaffListItem | null>(null);
  const update = useMutation({
    mutationFn: staffUpdateCall,
    onSuccess: (changed) => {
      client.setQueryData(staffListQuery.queryKey, (list: StaffListItem[] | undefined) =>
        list?.map((s) => (s.id === changed.id ? changed : s)),
      );
      setConfirming(null);
    },
  });
  if (list.isPending) return <ConsoleSpinner />;
  if (list.isError) return <ErrorAlert error={list.error} />;
  const staff = list.data;
  return (
    <section aria-labelledby="console-staff-heading" className="mb-4">
      <h2 id="console-staff-heading" className="h5">
        {t('staff.list_title')}
      </h2>
      {!confirming && <ErrorAlert error={update.error} />}
      <div className="table-responsive card">
        <table
          className="table table-hover align-middle mb-0 console-table"
          data-testid="console-staff-table"
        >
          <thead>
            <tr>
              <th scope="col">{t('staff.name')}</th>
              <th scope="col">{t('staff.email')}</th>
              <th scope="col">{t('staff.role')}</th>
              <th scope="col">{t('staff.status')}</th>
              <th scope="col">{t('staff.last_seen')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('staff.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((s) => {
              const self = s.id === me.id;
              return (
                <tr key={s.id} data-testid={`console-staff-${s.id}`}>
                  <td>
                    {s.name}
                    {self && <span className="badge text-bg-light ms-2">{t('staff.you')}</span>}
                  </td>
                  <td>{s.email}</td>
                  <td>
                    {self ? (
                      t(`roles.${s.role}`)
                    ) : (
                      <Form.Select
                        size="sm"
                        value={s.role}
                        aria-label={t('staff.role_of', { name: s.name })}
                        disabled={update.isPending}
                        onChange={(e) => update.mutate({ id: s.id, role: e.target.value as StaffRole })}
                        data-testid={`console-staff-role-${s.id}`}
                      >
                        {STAFF_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {t(`roles.${r}`)}
                          </option>
                        ))}
                      </Form.Select>
                    )}
                  </td>
                  <td>
                    <span
                      className={`badge ${s.status === 'active' ? 'bg-success-subtle text-success-emphasis' : 'bg-body-secondary text-body'}`}
                    >
                      {t(`staff.state.${s.status}`)}
                    </span>
                  </td>
                  <td>{formatDateTime(s.last_seen_at, i18n.language)}</td>
                  <td className="text-end">
                    {!self &&
                      (s.status === 'active' ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          onClick={() => {
                            update.reset();
                            setConfirming(s);
                          }}
                          data-testid={`console-staff-disable-${s.id}`}
                        >
                          {t('staff.disable')}
                        </button>
                      ) : (
                        <BusyButton
                          busy={update.isPending && update.variables?.id === s.id}
                          className="btn btn-sm btn-outline-dark"
                          onClick={() => update.mutate({ id: s.id, status: 'active' })}
                          data-testid={`console-staff-enable-${s.id}`}
                        >
                          {t('staff.enable')}
                        </BusyButton>
                      ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Modal show={!!confirming} onHide={() => setConfirming(null)} centered>
        <Modal.Header closeButton closeLabel={t('staff.cancel')}>
          <Modal.Title as="h2" className="h5">
            {t('staff.disable_title', { name: confirming?.name ?? '' })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t('staff.disable_text')}</p>
          {confirming && <ErrorAlert error={update.error} />}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-dark" onClick={() => setConfirming(null)}>
            {t('staff.cancel')}
          </button>
          <BusyButton
            busy={update.isPending}
            className="btn btn-danger"
            onClick={() => confirming && update.mutate({ id: confirming.id, status: 'disabled' })}
            data-testid="console-staff-disable-confirm"
          >
            {t('staff.disable')}
          </BusyButton>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
