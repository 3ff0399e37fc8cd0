import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacySettings } from '../../../../shared/schemas/member-profile';
import { FormAlert } from '../../../components/form/FormAlert';
import { refreshAfterVisibilityChange } from '../../members/visibility-change';
import { privacyQuery, savePrivacyCall } from '../api/privacy';
import { CardLoadState } from './CardLoadState';
import { SettingsCard } from './SettingsCard';

type Switch = keyof PrivacySettings;
const SWITCHES: readonly Switch[] = ['invisible', 'privacy_mode', 'leave_visits'];

/**
 * The privacy section (#privacy): invisible mode, privacy mode and leaving visits (who viewed me). Each switch saves at once; a failed save puts
 * the switch back and says why.
 */
export function PrivacySection() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const privacy = useQuery(privacyQuery);
  const [saved, setSaved] = useState<Switch | null>(null);

  const save = useMutation({
    mutationFn: (next: { key: Switch; settings: PrivacySettings }) => savePrivacyCall(next.settings),
    onMutate: async ({ settings }) => {
      setSaved(null);
      await queryClient.cancelQueries({ queryKey: privacyQuery.queryKey });
      const previous = queryClient.getQueryData(privacyQuery.queryKey);
      queryClient.setQueryData(privacyQuery.queryKey, settings);
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(privacyQuery.queryKey, context.previous);
    },
    onSuccess: (settings, { key }) => {
      queryClient.setQueryData(privacyQuery.queryKey, settings);
      setSaved(key);
      // Invisible mode changes who sees whom: the lists of members are fetched again.
      if (key === 'invisible') refreshAfterVisibilityChange(queryClient);
    },
  });

  const toggle = (key: Switch, on: boolean) => {
    if (!privacy.data) return;
    save.mutate({ key, settings: { ...privacy.data, [key]: on } });
  };

  return (
    <SettingsCard id="privacy" title={t('privacy.title')} icon="bi-shield-lock">
      <p className="small text-body-secondary">{t('privacy.intro')}</p>
      <CardLoadState
        query={privacy}
        errorText={t('privacy.load_error')}
        retryLabel={t('privacy.retry')}
        errorTestId="settings-privacy-error"
      >
        {(settings) => (
          <>
            <FormAlert error={save.error} />
            {SWITCHES.map((key) => (
              <PrivacySwitch
                key={key}
                name={key}
                checked={settings[key]}
                disabled={save.isPending}
                saving={save.isPending && save.variables?.key === key}
                saved={saved === key}
                onChange={(on) => toggle(key, on)}
              />
            ))}
          </>
        )}
      </CardLoadState>
    </SettingsCard>
  );
}

function PrivacySwitch({
  name,
  checked,
  disabled,
  saving,
  saved,
  onChange,
}: {
  name: Switch;
  checked: boolean;
  disabled: boolean;
  saving: boolean;
  saved: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  return (
    <div className="form-check form-switch mb-3" data-testid={`settings-privacy-${name}`}>
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={id}
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-help`}
        data-testid={`settings-privacy-${name}-switch`}
      />
      <label className="form-check-label fw-semibold" htmlFor={id}>
        {t(`privacy.${name}.label`)}
      </label>
      <span className="ms-2 small" role="status">
        {saving && (
          <span className="text-body-secondary">
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            {t('privacy.saving')}
          </span>
        )}
        {saved && (
          <span className="text-success-emphasis" data-testid={`settings-privacy-${name}-saved`}>
            <i className="bi bi-check-lg me-1" aria-hidden="true" />
            {t('privacy.saved')}
          </span>
        )}
      </span>
      <div id={`${id}-help`} className="form-text mt-0">
        {t(`privacy.${name}.help`)}
      </div>
    </div>
  );
}
