import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/ConsolePage';
import { InviteForm } from './InviteForm';
import { InvitesTable } from './InvitesTable';
import { StaffTable } from './StaffTable';

/** The staff section (admins): invite, the accounts with their roles and status, the invitations. */
export function StaffPage() {
  const { t } = useTranslation('console');
  return (
    <ConsolePage title={t('staff.title')}>
      <InviteForm />
      <StaffTable />
      <InvitesTable />
    </ConsolePage>
  );
}
