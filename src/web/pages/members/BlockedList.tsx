import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../shared/schemas/members';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { blockedQuery, unblockCall } from '../../features/members/api/members';
import { CardLoadState } from '../../features/settings/components/CardLoadState';
import { SettingsCard } from '../../features/settings/components/SettingsCard';

/** Settings section (#blocked): the members the signed-in member has blocked, each with an Unblock button. */
export function BlockedSection() {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const blocked = useQuery(blockedQuery);
  const unblock = useMutation({
    mutationFn: (id: number) => unblockCall(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData(blockedQuery.queryKey, (old) => old?.filter((p) => p.id !== id));
      void queryClient.invalidateQueries({ queryKey: ['member', id] });
      void queryClient.invalidateQueries({ queryKey: ['search'] });
    },
  });

  return (
    <SettingsCard id="blocked" title={t('blocked.title')} icon="bi-slash-circle">
      <p className="small text-body-secondary">{t('blocked.intro')}</p>
      <CardLoadState
        query={blocked}
        errorText={t('blocked.error')}
        retryLabel={t('blocked.retry')}
        errorTestId="settings-blocked-error"
      >
        {(list) =>
          list.length === 0 ? (
            <p className="small text-body-secondary mb-0" data-testid="settings-blocked-empty">
              {t('blocked.empty')}
            </p>
          ) : (
            <>
              <FormAlert error={unblock.error} />
              <ul className="list-group list-group-flush" data-testid="settings-blocked-list">
                {list.map((p) => (
                  <BlockedItem
                    key={p.id}
                    profile={p}
                    pending={unblock.isPending && unblock.variables === p.id}
                    disabled={unblock.isPending}
                    onUnblock={() => unblock.mutate(p.id)}
                  />
                ))}
              </ul>
            </>
          )
        }
      </CardLoadState>
    </SettingsCard>
  );
}

function BlockedItem({
  profile,
  pending,
  disabled,
  onUnblock,
}: {
  profile: ProfileCard;
  pending: boolean;
  disabled: boolean;
  onUnblock: () => void;
}) {
  const { t } = useTranslation('members');
  return (
    <li
      className="list-group-item px-0 d-flex align-items-center gap-3"
      data-testid="settings-blocked-member"
    >
      <span
        className="flex-shrink-0 rounded-circle overflow-hidden bg-body-tertiary d-flex align-items-center justify-content-center"
        style={{ width: '2.75rem', height: '2.75rem' }}
        aria-hidden="true"
      >
        {profile.main_image ? (
          <img
            src={profile.main_image.thumb_filename}
            alt=""
            className="w-100 h-100"
            style={{ objectFit: 'cover' }}
          />
        ) : (
          <i className="bi bi-person text-body-tertiary fs-5" />
        )}
      </span>
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <Link to={`/members/${profile.id}`} className="fw-semibold text-body text-break">
          {profile.name}
        </Link>
        <div className="small text-body-secondary">{t('blocked.age', { age: profile.age })}</div>
      </div>
      <BusyButton
        type="button"
        className="btn btn-outline-dark btn-sm rounded-pill flex-shrink-0"
        onClick={onUnblock}
        busy={pending}
        disabled={disabled}
        data-testid="settings-blocked-unblock"
      >
        {t('block.unblock')}
        <span className="visually-hidden"> ({profile.name})</span>
      </BusyButton>
    </li>
  );
}
