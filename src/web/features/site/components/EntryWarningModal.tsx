import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicSettings } from '../../../../shared/schemas/sites';
import { useRouteName } from '../../../app/route-name';
import { isStandalone } from '../../../lib/standalone';
import { dismiss, dismissedAt } from '../../../lib/stored';
import { shouldShowEntryWarning } from '../entry-warning';

/** 'Important information' on entering the site; closing it stores a skip timestamp. */
export function EntryWarningModal({ settings, loggedIn }: { settings: PublicSettings; loggedIn: boolean }) {
  const { t } = useTranslation();
  const routeName = useRouteName();
  const [closed, setClosed] = useState(false);
  const show =
    !closed &&
    shouldShowEntryWarning({
      standalone: isStandalone(),
      dismissedAt: dismissedAt('entry_warning'),
      enableSetting: settings.enable_site_entry_popup,
      loggedIn,
      selectedCountry: settings.geoip_selected_country,
      allowedCountries: settings.countries,
      routeName,
    });
  const close = () => {
    dismiss('entry_warning');
    setClosed(true);
  };
  return (
    <Modal
      show={show}
      onHide={close}
      centered
      backdrop="static"
      aria-labelledby="entry-warning-title"
      data-testid="entry-warning"
    >
      <Modal.Header>
        <Modal.Title id="entry-warning-title" as="h2" className="h5">
          <i className="bi bi-info-circle-fill text-primary me-2" aria-hidden="true" />
          {t('entry_warning.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('entry_warning.adults', { minAge: settings.min_age, siteName: settings.name })}</p>
        <p>
          <i className={`bi bi-${settings.fictional_icon} me-1`} aria-hidden="true" />
          {settings.fictional_warning}
        </p>
        <p className="mb-0 small text-body-secondary">
          <Trans
            i18nKey="entry_warning.agree"
            components={{
              terms: <Link to="/pages/terms" onClick={close} />,
              privacy: <Link to="/pages/privacy" onClick={close} />,
            }}
          />
        </p>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <a className="btn btn-outline-dark" href="about:blank" rel="noreferrer">
          {t('entry_warning.leave')}
        </a>
        <button
          type="button"
          className="btn btn-primary px-4"
          onClick={close}
          data-autofocus
          data-testid="entry-warning-accept"
        >
          {t('entry_warning.accept', { minAge: settings.min_age })}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
