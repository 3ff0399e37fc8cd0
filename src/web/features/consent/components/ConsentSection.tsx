import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConsentState } from '../../../../shared/schemas/consents';
import { FormAlert } from '../../../components/form/FormAlert';
import { BusyButton } from '../../../components/ui/BusyButton';
import { dateLocale } from '../../../lib/date-locale';
import { CardLoadState } from '../../settings/components/CardLoadState';
import { SettingsCard } from '../../settings/components/SettingsCard';
import { consentQuery, giveConsentCall, withdrawConsentCall } from '../api/consent';

/** Moves the member on to the deletion flow of the settings (#delete): scrolled into view, its button focused. */
function goToDeletion(): void {
  const section = document.getElementById('delete');
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  section.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
}

/**
 * Settings (#consent): the consent for sensitive data with its date and text version; withdrawing it first says
 * that the account can then no longer be used and that the deletion flow follows, and after confirming leads there.
 */
export function ConsentSection() {
  const { t, i18n } = useTranslation('consent');
  const client = useQueryClient();
  const consent = useQuery(consentQuery);
  const [confirming, setConfirming] = useState(false);
  const withdrawRef = useRef<HTMLButtonElement>(null);
  const onState = (state: ConsentState) => client.setQueryData(consentQuery.queryKey, state);
  const withdraw = useMutation({
    mutationFn: withdrawConsentCall,
    onSuccess: (state) => {
      onState(state);
      setConfirming(false);
      goToDeletion();
    },
  });
  const give = useMutation({ mutationFn: giveConsentCall, onSuccess: onState });
  const date = (iso: string) => format(new Date(iso), 'PPp', { locale: dateLocale(i18n.language) });

  return (
    <SettingsCard id="consent" title={t('settings.title')} icon="bi-shield-check">
      <p className="small text-body-secondary">
        {t('settings.text')} <Link to="/pages/privacy">{t('settings.privacy')}</Link>
      </p>
      <CardLoadState
        query={consent}
        errorText={t('settings.load_error')}
        retryLabel={t('discreet.retry')}
        errorTestId="settings-consent-error"
      >
        {(state) => {
          const record = state.sensitive_data;
          const standing = record !== null && record.withdrawn_at === null;
          const current = standing && record.version === state.current_version;
          return (
            <>
              <FormAlert error={withdraw.error ?? give.error} />
              <p data-testid="settings-consent-status">
                {record === null
                  ? t('settings.none')
                  : record.withdrawn_at !== null
                    ? t('settings.withdrawn', { date: date(record.withdrawn_at) })
                    : current
                      ? t('settings.given', { date: date(record.given_at), version: record.version })
                      : t('settings.outdated', { version: state.current_version })}
              </p>
              {!current && (
                <BusyButton
                  className="btn btn-primary rounded-pill"
                  busy={give.isPending}
                  onClick={() => give.mutate()}
                  data-testid="settings-consent-give"
                >
                  {t('settings.give')}
                </BusyButton>
              )}
              {standing && !confirming && (
                <button
                  ref={withdrawRef}
                  type="button"
                  className="btn btn-outline-danger rounded-pill"
                  onClick={() => setConfirming(true)}
                  data-testid="settings-consent-withdraw"
                >
                  {t('settings.withdraw')}
                </button>
              )}
              {standing && confirming && (
                <div
                  className="border border-danger-subtle rounded-3 p-3"
                  role="group"
                  aria-labelledby="consent-withdraw-title"
                  data-testid="settings-consent-withdraw-confirm"
                >
                  <h3 id="consent-withdraw-title" className="h6 fw-semibold">
                    {t('settings.withdraw_title')}
                  </h3>
                  <p className="small">{t('settings.withdraw_text')}</p>
                  <div className="d-flex flex-wrap gap-2 align-items-center">
                    <BusyButton
                      className="btn btn-danger rounded-pill"
                      busy={withdraw.isPending}
                      onClick={() => withdraw.mutate()}
                      data-testid="settings-consent-withdraw-yes"
                    >
                      {t('settings.withdraw_confirm')}
                    </BusyButton>
                    <button
                      type="button"
                      className="btn btn-link text-body-secondary"
                      onClick={() => {
                        setConfirming(false);
                        withdraw.reset();
                        requestAnimationFrame(() => withdrawRef.current?.focus());
                      }}
                      disabled={withdraw.isPending}
                    >
                      {t('settings.cancel')}
                    </button>
                  </div>
                </div>
              )}
            </>
          );
        }}
      </CardLoadState>
    </SettingsCard>
  );
}
