import { useTranslation } from 'react-i18next';
import type { AdminMember } from '../../../shared/schemas/admin-members';
import { formatDateTime } from '../components/format';
import { Facts } from './Facts';

/** Account facts: status, site, language, dates, confirmation, tracking source, restrictions and counts. */
export function AccountTab({ member }: { member: AdminMember }) {
  const { t, i18n } = useTranslation('members');
  const a = member.account;
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  const tracking = Object.entries(a.tracking);
  const rows: [string, React.ReactNode][] = [
    [t('account.id'), a.id],
    [t('account.email'), a.email],
    [t('account.site'), `${a.site.name} (${a.site.domain})`],
    [t('account.language'), a.language],
    [t('account.signup'), when(a.signup_date)],
    [t('account.last_active'), when(a.last_active_at)],
    [t('account.confirmed'), a.email_confirmed_at ? when(a.email_confirmed_at) : t('account.not_confirmed')],
    [t('account.paid_user'), a.paid_user ? t('yes') : t('no')],
    [
      t('account.tracking'),
      tracking.length ? tracking.map(([k, v]) => `${k}=${v}`).join(', ') : t('account.no_tracking'),
    ],
    [
      t('account.reports'),
      t('account.reports_value', {
        against: member.counts.reports_against,
        made: member.counts.reports_made,
      }),
    ],
    [t('account.decisions'), member.counts.decisions],
  ];
  if (a.deleted_at) rows.push([t('account.deleted'), when(a.deleted_at)]);
  if (a.purge_after && !a.purged) rows.push([t('account.purge_after'), when(a.purge_after)]);
  if (a.suspended_until) rows.push([t('account.suspended_until'), when(a.suspended_until)]);
  if (a.banned_at) rows.push([t('account.banned'), when(a.banned_at)]);
  if (a.hidden_until) rows.push([t('account.hidden_until'), when(a.hidden_until)]);
  if (a.demo) rows.push([t('account.demo'), t('yes')]);
  return <Facts rows={rows} testId="member-account" />;
}
