import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../../components/form/FormAlert';
import { BusyButton } from '../../../components/ui/BusyButton';
import { useSettings } from '../../site/api/settings';
import { consentQuery, giveConsentCall } from '../api/consent';
import { SensitiveConsentCheckbox } from './SensitiveConsentCheckbox';

/**
 * Paths where the one-time consent screen stays away: the settings (consent, withdrawal and the deletion flow live
 * there), the info pages it links to (the privacy statement) and the notice after deletion.
 */
const OPEN_PATHS = [/^\/notifications/, /^\/pages\//, /^\/account-deleted/];

/**
 * The one-time screen for a signed-in member without a standing consent of the current text version (accounts from
 * before consent was asked, a withdrawn consent, or a changed text): agree, or learn that the account cannot be used
 * without it and go to the deletion flow. It cannot be closed otherwise.
 */
export function ConsentGate() {
  const { t } = useTranslation('consent');
  const { pathname } = useLocation();
  const settings = useSettings();
  const client = useQueryClient();
  const consent = useQuery(consentQuery);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string>();
  const [declined, setDeclined] = useState(false);
  const give = useMutation({
    mutationFn: giveConsentCall,
    onSuccess: (state) => client.setQueryData(consentQuery.queryKey, state),
  });
  const open = consent.data?.required === true && !OPEN_PATHS.some((p) => p.test(pathname));

  const submit = () => {
    if (!checked) {
      setError(t('validation:consent_required'));
      return;
    }
    setError(undefined);
    give.mutate();
  };

  return (
    <Modal
      show={open}
      centered
      backdrop="static"
      keyboard={false}
      aria-labelledby="consent-gate-title"
      data-testid="consent-gate"
    >
      <Modal.Header>
        <Modal.Title id="consent-gate-title" as="h2" className="h5">
          <i className="bi bi-shield-check text-primary me-2" aria-hidden="true" />
          {declined ? t('gate.declined_title') : t('gate.title')}
        </Modal.Title>
      </Modal.Header>
      {declined ? (
        <>
          <Modal.Body>
            <p className="mb-0">{t('gate.declined_text')}</p>
          </Modal.Body>
          <Modal.Footer className="justify-content-between">
            <button type="button" className="btn btn-link" onClick={() => setDeclined(false)}>
              {t('gate.back')}
            </button>
            <Link
              to="/notifications#delete"
              className="btn btn-outline-danger rounded-pill"
              data-testid="consent-gate-to-deletion"
            >
              {t('gate.to_deletion')}
            </Link>
          </Modal.Footer>
        </>
      ) : (
        <>
          <Modal.Body>
            <p>{t('gate.intro', { siteName: settings.name })}</p>
            <FormAlert error={give.error} />
            <SensitiveConsentCheckbox
              checked={checked}
              onChange={(on) => {
                setChecked(on);
                if (on) setError(undefined);
              }}
              error={error}
              siteName={settings.name}
            />
          </Modal.Body>
          <Modal.Footer className="justify-content-between">
            <button
              type="button"
              className="btn btn-link text-body-secondary"
              onClick={() => setDeclined(true)}
              data-testid="consent-gate-decline"
            >
              {t('gate.decline')}
            </button>
            <BusyButton
              className="btn btn-primary rounded-pill"
              busy={give.isPending}
              onClick={submit}
              data-testid="consent-gate-continue"
            >
              {t('gate.continue')}
            </BusyButton>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
