import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConsolePage } from '../components/ConsolePage';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { roleAllows } from '../roles';
import { useStaff } from '../session';
import { AccountTab } from './AccountTab';
import { AdjustCreditsDialog } from './AdjustCreditsDialog';
import { ContractsTab } from './ContractsTab';
import { CreditsTab } from './CreditsTab';
import { EraseDialog } from './EraseDialog';
import { ExportTab } from './ExportTab';
import { memberQuery } from './members-api';
import { PaymentsTab } from './PaymentsTab';
import { ProfileTab } from './ProfileTab';
import { SessionsTab } from './SessionsTab';
import { StatusBadge } from './StatusBadge';

type Dialog = 'credits' | 'erase' | null;

/** One member: what staff may see in tabs, and the actions of the signed-in role (admins: credits, erase). */
export function MemberDetailPage() {
  const { t } = useTranslation('members');
  const staff = useStaff();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const member = useQuery({ ...memberQuery(valid ? id : 0), enabled: valid });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState('');
  const isAdmin = roleAllows(staff.role, 'admin');

  const data = member.data;
  const title = data ? (data.profile?.name ?? data.account.email) : t('detail.title');
  const erased = data?.account.purged ?? false;
  return (
    <ConsolePage
      title={title}
      actions={
        data &&
        isAdmin &&
        !erased && (
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setDialog('credits')}
              data-testid="member-adjust-credits"
            >
              <i className="bi bi-coin me-1" aria-hidden="true" />
              {t('actions.adjust_credits')}
            </button>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              onClick={() => setDialog('erase')}
              data-testid="member-erase"
            >
              <i className="bi bi-trash3 me-1" aria-hidden="true" />
              {t('actions.erase')}
            </button>
          </div>
        )
      }
    >
      <p className="mb-3">
        <Link to=".." relative="path">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('detail.back')}
        </Link>
      </p>
      {notice && (
        <div className="alert alert-success py-2" role="status" data-testid="member-notice">
          {notice}
        </div>
      )}
      {!valid ? (
        <div className="alert alert-warning">{t('detail.not_found')}</div>
      ) : member.isPending ? (
        <ConsoleSpinner />
      ) : member.isError ? (
        <ErrorAlert error={member.error} ns="members" />
      ) : data ? (
        <>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3 small">
            <StatusBadge status={data.account.status} purged={erased} />
            <span className="text-break" data-testid="member-email">
              {data.account.email}
            </span>
            <span className="text-body-secondary">
              #{data.account.id} · {data.account.site.domain}
            </span>
            <span className="ms-auto fw-semibold" data-testid="member-credits">
              {t('detail.credits', { count: data.account.credits })}
            </span>
          </div>
          <Tabs defaultActiveKey="account" id="member-tabs" className="mb-3 member-tabs" mountOnEnter>
            <Tab eventKey="account" title={t('tabs.account')}>
              <AccountTab member={data} />
            </Tab>
            <Tab eventKey="profile" title={t('tabs.profile')}>
              <ProfileTab member={data} />
            </Tab>
            <Tab eventKey="payments" title={t('tabs.payments')}>
              <PaymentsTab member={data} canRefund={isAdmin} onDone={setNotice} />
            </Tab>
            <Tab eventKey="contracts" title={t('tabs.contracts')}>
              <ContractsTab member={data} />
            </Tab>
            <Tab eventKey="credits" title={t('tabs.credits')}>
              <CreditsTab member={data} />
            </Tab>
            <Tab eventKey="sessions" title={t('tabs.sessions', { count: data.sessions.length })}>
              <SessionsTab member={data} onDone={setNotice} />
            </Tab>
            {isAdmin && (
              <Tab eventKey="export" title={t('tabs.export')}>
                <ExportTab member={data} />
              </Tab>
            )}
          </Tabs>
          {dialog === 'credits' && (
            <AdjustCreditsDialog
              member={data}
              onClose={() => setDialog(null)}
              onDone={(credits) => {
                setDialog(null);
                setNotice(t('credits.done', { count: credits }));
              }}
            />
          )}
          {dialog === 'erase' && (
            <EraseDialog
              member={data}
              onClose={() => setDialog(null)}
              onDone={() => {
                setDialog(null);
                setNotice(t('erase.done'));
              }}
            />
          )}
        </>
      ) : null}
    </ConsolePage>
  );
}
