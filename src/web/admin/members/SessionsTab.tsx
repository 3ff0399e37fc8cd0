import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMember, AdminMemberSession } from '../../../shared/schemas/admin-members';
import { formatDateTime } from '../components/format';
import { ConfirmDialog } from './ConfirmDialog';
import { endSessionsCall, memberKey } from './members-api';

/** The member's signed-in devices; a moderator may end one or all (the member is signed out at once). */
export function SessionsTab({ member, onDone }: { member: AdminMember; onDone: (notice: string) => void }) {
  const { t, i18n } = useTranslation('members');
  const client = useQueryClient();
  const [ending, setEnding] = useState<AdminMemberSession | 'all' | null>(null);
  const end = useMutation({
    mutationFn: endSessionsCall,
    onSuccess: async (a) => {
      await client.invalidateQueries({ queryKey: memberKey(member.account.id) });
      setEnding(null);
      onDone(t('sessions.ended', { count: a.ended }));
    },
  });
  const open = (which: AdminMemberSession | 'all') => {
    end.reset();
    setEnding(which);
  };
  if (member.sessions.length === 0) return <p className="text-body-secondary">{t('sessions.none')}</p>;
  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          onClick={() => open('all')}
          data-testid="member-end-all-sessions"
        >
          <i className="bi bi-box-arrow-right me-1" aria-hidden="true" />
          {t('sessions.end_all')}
        </button>
      </div>
      <ul className="list-group small" data-testid="member-sessions">
        {member.sessions.map((s) => (
          <li key={s.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
            <div className="me-auto">
              <div className="fw-semibold">
                {s.device}
                {s.country && ` · ${s.country}`}
              </div>
              <div className="text-body-secondary">
                {t('sessions.last_seen', { when: formatDateTime(s.last_seen_at, i18n.language) })} ·{' '}
                {t('sessions.since', { when: formatDateTime(s.created_at, i18n.language) })}
              </div>
            </div>
            <button
              type="button"
              className="btn btn-sm btn-outline-dark"
              onClick={() => open(s)}
              data-testid={`member-end-session-${s.id}`}
            >
              {t('sessions.end')}
            </button>
          </li>
        ))}
      </ul>
      {ending && (
        <ConfirmDialog
          title={ending === 'all' ? t('sessions.end_all_title') : t('sessions.end_title')}
          confirmLabel={ending === 'all' ? t('sessions.end_all') : t('sessions.end')}
          danger
          busy={end.isPending}
          error={end.error}
          onClose={() => setEnding(null)}
          onConfirm={() =>
            end.mutate(
              ending === 'all'
                ? { member: member.account.id, all: true }
                : { member: member.account.id, session: ending.id },
            )
          }
          testId="end-sessions"
        >
          <p className="mb-0">
            {ending === 'all'
              ? t('sessions.end_all_explain', { count: member.sessions.length })
              : t('sessions.end_explain', { device: ending.device })}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
