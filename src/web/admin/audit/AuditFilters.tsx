import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { roleAllows } from '../roles';
import { useStaff } from '../session';
import { staffListQuery } from '../staff/staff-api';

export interface AuditFilterValues {
  staff_id: string;
  action: string;
  target_type: string;
  target_id: string;
}

export const FILTER_KEYS = ['staff_id', 'action', 'target_type', 'target_id'] as const;

/**
 * The audit log's filters: who (admins only: a moderator's log holds only their own actions), the action, and the
 * target. Applied on submit, kept in the address.
 */
export function AuditFilters({
  value,
  onApply,
}: {
  value: AuditFilterValues;
  onApply: (v: AuditFilterValues) => void;
}) {
  const { t } = useTranslation('console');
  const me = useStaff();
  const isAdmin = roleAllows(me.role, 'admin');
  const staff = useQuery({ ...staffListQuery, enabled: isAdmin });
  const [draft, setDraft] = useState(value);
  const set = (k: keyof AuditFilterValues) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  return (
    <Form
      className="card card-body mb-3"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
      aria-label={t('audit.filters')}
    >
      <div className="row g-2 align-items-end">
        {isAdmin && (
          <Form.Group controlId="console-audit-staff" className="col-12 col-sm-6 col-lg-3">
            <Form.Label className="small mb-1">{t('audit.staff')}</Form.Label>
            <Form.Select value={draft.staff_id} onChange={set('staff_id')} data-testid="console-audit-staff">
              <option value="">{t('audit.anyone')}</option>
              {staff.data?.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Form.Group controlId="console-audit-action" className="col-12 col-sm-6 col-lg-3">
          <Form.Label className="small mb-1">{t('audit.action')}</Form.Label>
          <Form.Control
            value={draft.action}
            onChange={set('action')}
            placeholder="staff.invite"
            data-testid="console-audit-action"
          />
        </Form.Group>
        <Form.Group controlId="console-audit-target-type" className="col-6 col-lg-2">
          <Form.Label className="small mb-1">{t('audit.target_type')}</Form.Label>
          <Form.Control value={draft.target_type} onChange={set('target_type')} placeholder="staff" />
        </Form.Group>
        <Form.Group controlId="console-audit-target-id" className="col-6 col-lg-2">
          <Form.Label className="small mb-1">{t('audit.target_id')}</Form.Label>
          <Form.Control value={draft.target_id} onChange={set('target_id')} />
        </Form.Group>
        <div className="col-12 col-lg-2 d-flex gap-2">
          <button type="submit" className="btn btn-primary flex-grow-1" data-testid="console-audit-apply">
            {t('audit.apply')}
          </button>
          <button
            type="button"
            className="btn btn-outline-dark"
            onClick={() => {
              const empty = { staff_id: '', action: '', target_type: '', target_id: '' };
              setDraft(empty);
              onApply(empty);
            }}
          >
            {t('audit.clear')}
          </button>
        </div>
      </div>
    </Form>
  );
}
