import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlockedEntry } from '../../../shared/schemas/member-profile';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { blockedQuery, unblockEntryCall } from '../../features/members/api/members';
import { refreshAfterVisibilityChange } from '../../features/members/visibility-change';
import { CardLoadState } from '../../features/settings/components/CardLoadState';
import { SettingsCard } from '../../features/settings/components/SettingsCard';

/**
 * Settings section (#blocked): the members the signed-in member has blocked, each with an Unblock button. A member
 * no longer visible is only a label (the server says nothing more about them), and can be unblocked too.
 */
export function BlockedSection() {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const blocked = useQuery(blockedQuery);
  const unblock = useMutation({
    mutationFn: (entry: BlockedEntry) => unblockEntryCall(entry.handle),
    onSuccess: (_data, entry) => {
      queryClient.setQueryData(blockedQuery.queryKey, (old) => old?.filter((p) => p.handle !== entry.handle));
      refreshAfterVisibilityChange(queryClient);
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
                    key={p.handle}
                    entry={p}
                    pending={unblock.isPending && unblock.variables?.handle === p.handle}
                    disabled={unblock.isPending}
                    onUnblock={() => unblock.mutate(p)}
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
  entry,
  pending,
  disabled,
  onUnblock,
}: {
  entry: BlockedEntry;
  pending: boolean;
  disabled: boolean;
  onUnblock: () => void;
}) {
  const { t } = useTranslation('members');
  const name = entry.hidden ? entry.label : entry.name;
  return (
    <li
      className="list-group-item px-0 d-flex align-items-center gap-3"
      data-testid="settings-blocked-member"
    >
      <span
        className="avatar-sm flex-shrink-0 rounded-circle overflow-hidden bg-body-tertiary d-flex align-items-center justify-content-center"
        aria-hidden="true"
      >
        {!entry.hidden && entry.main_image ? (
          <img src={entry.main_image.thumb_filename} alt="" className="w-100 h-100 object-fit-cover" />
        ) : (
          <i className={`bi ${entry.hidden ? 'bi-eye-slash' : 'bi-person'} text-body-tertiary fs-5`} />
        )}
      </span>
      <div className="flex-grow-1 min-w-0">
        {entry.hidden ? (
          <span className="fst-italic text-body-secondary" data-testid="settings-blocked-hidden">
            {entry.label}
          </span>
        ) : (
          <>
            <Link to={`/members/${entry.id}`} className="fw-semibold text-body text-break">
              {entry.name}
            </Link>
            <div className="small text-body-secondary">{t('blocked.age', { age: entry.age })}</div>
          </>
        )}
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
        <span className="visually-hidden"> ({name})</span>
      </BusyButton>
    </li>
  );
}
