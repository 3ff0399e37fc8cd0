import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/FormAlert';
import { BusyButton } from '../../../components/ui/BusyButton';
import { dateLocale } from '../../../lib/date-locale';
import {
  revokeOtherSessionsCall,
  revokeSessionCall,
  type SessionInfo,
  sessionsCall,
} from '../../auth/api/accounts';
import { describeUserAgent } from '../user-agent';
import { SettingsCard } from './SettingsCard';

const SESSIONS_KEY = ['sessions'];

/** Country name in the UI language; the code itself when the browser cannot name it. */
function useCountryName(language: string): (code: string | null) => string | null {
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      return null;
    }
  }, [language]);
  return (code) => {
    if (!code) return null;
    try {
      return names?.of(code.toUpperCase()) ?? code;
    } catch {
      return code;
    }
  };
}

/** The sessions section (#sessions): the devices signed in to this account, each can be logged out. */
export function SessionsSection() {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: sessionsCall });
  const refetch = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const revoke = useMutation({ mutationFn: revokeSessionCall, onSettled: refetch });
  const revokeOthers = useMutation({ mutationFn: revokeOtherSessionsCall, onSettled: refetch });
  const countryName = useCountryName(i18n.language);
  const locale = dateLocale(i18n.language);

  const list = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at),
  );
  const others = list.filter((s) => !s.current).length;

  const device = (s: SessionInfo) => {
    const { browser, os } = describeUserAgent(s.user_agent);
    if (browser && os) return t('sessions.browser_on_os', { browser, os });
    return browser ?? os ?? t('sessions.unknown_device');
  };
  const lastActive = (s: SessionInfo) => {
    const date = new Date(s.last_seen_at);
    if (Number.isNaN(date.getTime())) return null;
    return t('sessions.last_active', { time: formatDistanceToNow(date, { addSuffix: true, locale }) });
  };

  return (
    <SettingsCard id="sessions" title={t('sessions.title')} icon="bi-laptop">
      <p className="small text-body-secondary">{t('sessions.intro')}</p>
      {sessions.isPending ? (
        <div className="d-flex justify-content-center py-3" role="status">
          <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('common:loading')}</span>
        </div>
      ) : sessions.isError ? (
        <div data-testid="settings-sessions-error">
          <FormAlert error={sessions.error} />
          <button type="button" className="btn btn-outline-primary btn-sm rounded-pill" onClick={refetch}>
            {t('sessions.retry')}
          </button>
        </div>
      ) : (
        <>
          <FormAlert error={revoke.error ?? revokeOthers.error} />
          <ul className="list-group list-group-flush mb-3" data-testid="settings-sessions-list">
            {list.map((s) => {
              const name = device(s);
              const country = countryName(s.country);
              const active = lastActive(s);
              const pending = revoke.isPending && revoke.variables === s.id;
              return (
                <li
                  key={s.id}
                  className="list-group-item px-0 d-flex align-items-center gap-3"
                  data-testid={s.current ? 'settings-session-current' : 'settings-session'}
                >
                  <i
                    className={`bi ${describeUserAgent(s.user_agent).mobile ? 'bi-phone' : 'bi-laptop'} fs-4 text-body-secondary`}
                    aria-hidden="true"
                  />
                  <div className="flex-grow-1 min-w-0">
                    <div className="fw-semibold text-break">
                      {name}
                      {s.current && (
                        <span className="badge rounded-pill bg-success-subtle text-success-emphasis ms-2 align-middle">
                          <i className="bi bi-check-lg me-1" aria-hidden="true" />
                          {t('sessions.this_device')}
                        </span>
                      )}
                    </div>
                    <div className="small text-body-secondary">
                      {[country, active].filter(Boolean).join(' · ')}
                    </div>
                  </div>
                  {!s.current && (
                    <BusyButton
                      type="button"
                      className="btn btn-outline-dark btn-sm rounded-pill flex-shrink-0"
                      busy={pending}
                      disabled={revokeOthers.isPending}
                      onClick={() => revoke.mutate(s.id)}
                      data-testid="settings-session-logout"
                    >
                      {t('sessions.logout')}
                      <span className="visually-hidden"> ({name})</span>
                    </BusyButton>
                  )}
                </li>
              );
            })}
          </ul>
          {others > 0 ? (
            <BusyButton
              type="button"
              className="btn btn-outline-primary rounded-pill"
              busy={revokeOthers.isPending}
              disabled={revoke.isPending}
              onClick={() => revokeOthers.mutate()}
              data-testid="settings-sessions-logout-others"
            >
              {t('sessions.logout_others')}
            </BusyButton>
          ) : (
            <p className="small text-body-secondary mb-0" data-testid="settings-sessions-only-this">
              {t('sessions.only_this')}
            </p>
          )}
        </>
      )}
    </SettingsCard>
  );
}
