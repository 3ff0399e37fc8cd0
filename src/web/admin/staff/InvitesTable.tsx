import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/ui/BusyButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { formatDateTime } from '../components/format';
import { invitesQuery, withdrawInviteCall } from './staff-api';

/** Open and recent invitations; an open one can be withdrawn (its link stops working). */
export function InvitesTable() {
  const { t, i18n } = useTranslation('console');
  const client = useQueryClient();
  const invites = useQuery(invitesQuery);
  const withdraw = useMutation({
    mutationFn: withdrawInviteCall,
    onSuccess: () => client.invalidateQueries({ queryKey: invitesQuery.queryKey }),
  });
  if (invites.isError) return <ErrorAlert error={invites.error} />;
  if (!invites.data?.length) return null;
  return (
    <section aria-labelledby="console-invites-heading">
      <h2 id="console-invites-heading" className="h5">
        {t('staff.invites_title')}
      </h2>
      <ErrorAlert error={withdraw.error} />
      <div className="table-responsive card">
        <table className="table align-middle mb-0 console-table" data-testid="console-invites-table">
          <thead>
            <tr>
              <th scope="col">{t('staff.email')}</th>
              <th scope="col">{t('staff.name')}</th>
              <th scope="col">{t('staff.role')}</th>
              <th scope="col">{t('staff.status')}</th>
              <th scope="col">{t('staff.invited_by')}</th>
              <th scope="col">{t('staff.when')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('staff.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invites.data.map((inv) => (
              <tr key={inv.id}>
                <td>{inv.email}</td>
                <td>{inv.name}</td>
                <td>{t(`roles.${inv.role}`)}</td>
                <td>{t(`staff.invite_state.${inv.state}`)}</td>
                <td>{inv.invited_by.name}</td>
                <td>
                  {inv.state === 'used'
                    ? t('staff.used_on', { date: formatDateTime(inv.used_at, i18n.language) })
                    : t('staff.expires_on', { date: formatDateTime(inv.expires_at, i18n.language) })}
                </td>
                <td className="text-end">
                  {inv.state === 'open' && (
                    <BusyButton
                      busy={withdraw.isPending && withdraw.variables === inv.id}
                      className="btn btn-sm btn-outline-dark"
                      onClick={() => withdraw.mutate(inv.id)}
                    >
                      {t('staff.withdraw')}
                    </BusyButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
