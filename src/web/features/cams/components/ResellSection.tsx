import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/FormAlert';
import { CardLoadState } from '../../settings/components/CardLoadState';
import { SettingsCard } from '../../settings/components/SettingsCard';
import { resellConsentQuery, saveResellConsentCall } from '../api/cams';

/**
 * Settings (#partner-sites): the member's consent to appear, marked as a member of a partner site, in the cam
 * section of the network's other sites. Off by default; shown while the member's site offers it (member_resell)
 * or while the consent stands, so it can always be withdrawn. Saves at once; withdrawing takes effect at once.
 */
export function ResellSection() {
  const { t } = useTranslation('cams');
  const queryClient = useQueryClient();
  const consent = useQuery(resellConsentQuery);
  const [saved, setSaved] = useState(false);
  const id = useId();

  const save = useMutation({
    mutationFn: saveResellConsentCall,
    onMutate: () => setSaved(false),
    onSuccess: (state) => {
      queryClient.setQueryData(resellConsentQuery.queryKey, state);
      setSaved(true);
    },
  });

  if (consent.data && !consent.data.available && !consent.data.consent) return null;
  return (
    <SettingsCard id="partner-sites" title={t('consent.title')} icon="bi-globe2">
      <CardLoadState
        query={consent}
        errorText={t('consent.load_error')}
        retryLabel={t('retry')}
        errorTestId="settings-resell-error"
      >
        {(state) => {
          const on = save.isPending ? Boolean(save.variables) : state.consent;
          return (
            <>
              <FormAlert error={save.error} />
              <div className="form-check form-switch mb-2" data-testid="settings-resell">
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
                  data-testid="settings-resell-switch"
                />
                <label className="form-check-label fw-semibold" htmlFor={id}>
                  {t('consent.label')}
                </label>
                <span className="ms-2 small" role="status">
                  {saved && !save.isPending && (
                    <span className="text-success-emphasis" data-testid="settings-resell-saved">
                      <i className="bi bi-check-lg me-1" aria-hidden="true" />
                      {t('consent.saved')}
                    </span>
                  )}
                </span>
                <div id={`${id}-help`} className="form-text mt-0">
                  {t('consent.help')}
                </div>
              </div>
            </>
          );
        }}
      </CardLoadState>
    </SettingsCard>
  );
}
