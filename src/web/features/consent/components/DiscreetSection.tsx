import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/FormAlert';
import { CardLoadState } from '../../settings/components/CardLoadState';
import { SettingsCard } from '../../settings/components/SettingsCard';
import { discreetQuery, saveDiscreetCall } from '../api/consent';

/**
 * Settings (#discreet): discreet mode, saved at once. Says what it changes, the site's default and what payments
 * show on the bank statement.
 */
export function DiscreetSection() {
  const { t } = useTranslation('consent');
  const client = useQueryClient();
  const discreet = useQuery(discreetQuery);
  const [saved, setSaved] = useState(false);
  const id = useId();
  const save = useMutation({
    mutationFn: saveDiscreetCall,
    onMutate: () => setSaved(false),
    onSuccess: (state) => {
      client.setQueryData(discreetQuery.queryKey, state);
      setSaved(true);
    },
  });

  return (
    <SettingsCard id="discreet" title={t('discreet.title')} icon="bi-incognito">
      <CardLoadState
        query={discreet}
        errorText={t('discreet.load_error')}
        retryLabel={t('discreet.retry')}
        errorTestId="settings-discreet-error"
      >
        {(state) => {
          const on = save.isPending && save.variables !== undefined ? save.variables : state.discreet;
          return (
            <>
              <FormAlert error={save.error} />
              <div className="form-check form-switch mb-2" data-testid="settings-discreet-mode">
                <input
                  className="form-check-input"
                  type="checkbox"
                  role="switch"
                  id={id}
                  checked={on}
                  aria-checked={on}
                  disabled={save.isPending}
                  onChange={(e) => save.mutate(e.target.checked)}
                  aria-describedby={`${id}-help`}
                  data-testid="settings-discreet-switch"
                />
                <label className="form-check-label fw-semibold" htmlFor={id}>
                  {t('discreet.label')}
                </label>
                <span className="ms-2 small" role="status">
                  {save.isPending && (
                    <span className="text-body-secondary">
                      <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
                      {t('discreet.saving')}
                    </span>
                  )}
                  {saved && !save.isPending && (
                    <span className="text-success-emphasis" data-testid="settings-discreet-saved">
                      <i className="bi bi-check-lg me-1" aria-hidden="true" />
                      {t('discreet.saved')}
                    </span>
                  )}
                </span>
                <div id={`${id}-help`} className="form-text mt-0">
                  {t('discreet.help', { descriptor: state.billing_descriptor })}{' '}
                  {state.site_default ? t('discreet.default_on') : t('discreet.default_off')}
                </div>
              </div>
              {on && <p className="small text-body-secondary mb-0">{t('discreet.reinstall')}</p>}
            </>
          );
        }}
      </CardLoadState>
    </SettingsCard>
  );
}
