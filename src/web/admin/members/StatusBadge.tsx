import { useTranslation } from 'react-i18next';
import type { MemberListItem } from '../../../shared/schemas/admin-members';

const TONE: Record<MemberListItem['status'], string> = {
  active: 'bg-success-subtle text-success-emphasis border border-success-subtle',
  not_confirmed: 'bg-warning-subtle text-warning-emphasis border border-warning-subtle',
  deleted: 'bg-secondary-subtle text-secondary-emphasis border border-secondary-subtle',
};

/** A member's account status (an erased account is shown as such). */
export function StatusBadge({ status, purged }: { status: MemberListItem['status']; purged: boolean }) {
  const { t } = useTranslation('members');
  return (
    <span className={`badge ${purged ? 'text-bg-dark' : TONE[status]}`}>
      {purged ? t('status.erased') : t(`status.${status}`)}
    </span>
  );
}
