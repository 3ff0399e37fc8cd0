import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RULES } from '../../../../shared/rules';
import { BusyButton } from '../../../components/ui/BusyButton';
import { currentLocale } from '../../../lib/i18n';
import { geocodeCall } from '../api/geocode';
import { countryDisplayName } from '../profile-form';

/** The place found for the member's position, plus the position itself (sent with the next save). */
export interface LocatedPlace {
  country: string;
  /** the region as geocode.php names it (a region code of regions.php, or null) */
  region: string | null;
  city: string;
  lat: number;
  lon: number;
}

/** The browser's location permission: 'unknown' when the Permissions API cannot tell. */
type Permission = 'unknown' | 'prompt' | 'granted' | 'denied';

type Phase =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'unavailable' }
  | { kind: 'timeout' }
  | { kind: 'failed' }
  | { kind: 'not_found' }
  | { kind: 'found'; place: string };

const POSITION_TIMEOUT_MS = 20_000;
const TONE_CLASS = {
  muted: 'text-body-secondary',
  warning: 'text-warning-emphasis',
  success: 'text-success-emphasis',
} as const;

export const geolocationSupported = (): boolean =>
  typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);

/** The current permission state, kept up to date when the member changes it in the browser. */
function useGeolocationPermission(): [Permission, (p: Permission) => void] {
  const [permission, setPermission] = useState<Permission>('unknown');
  useEffect(() => {
    let status: PermissionStatus | undefined;
    let cancelled = false;
    const update = () => {
      if (status) setPermission(status.state as Permission);
    };
    let query: Promise<PermissionStatus> | undefined;
    try {
      query = navigator.permissions?.query({ name: 'geolocation' });
    } catch {
      // Some browsers throw for a permission name they do not know: the state stays 'unknown'.
    }
    query
      ?.then((s) => {
        if (cancelled) return;
        status = s;
        update();
        s.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, []);
  return [permission, setPermission];
}

/**
 * "Use my location": asks the browser for the member's position (a position up to an hour old will do), looks up
 * the place with geocode.php and hands it to `onLocated`. Every state has its own message: no geolocation in this
 * browser, permission still to be asked, blocked, position unavailable or too slow (with a retry), and a place
 * that could not be determined.
 */
export function LocationButton({
  onLocated,
  disabled = false,
}: {
  onLocated: (place: LocatedPlace) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('profile');
  const [supported] = useState(geolocationSupported);
  const [permission, setPermission] = useGeolocationPermission();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const locate = useCallback(() => {
    setPhase({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setPermission('granted');
        const { latitude: lat, longitude: lon } = pos.coords;
        geocodeCall(lat, lon).then(
          (place) => {
            if (place === false) return setPhase({ kind: 'not_found' });
            const countryName = countryDisplayName(place.country, currentLocale());
            setPhase({ kind: 'found', place: [place.city, countryName].filter(Boolean).join(', ') });
            onLocated({ ...place, lat, lon });
          },
          () => setPhase({ kind: 'failed' }),
        );
      },
      (err) => {
        if (err.code === err.PERMISSION_DENIED) {
          setPermission('denied');
          setPhase({ kind: 'idle' });
        } else if (err.code === err.TIMEOUT) setPhase({ kind: 'timeout' });
        else setPhase({ kind: 'unavailable' });
      },
      { maximumAge: RULES.geolocation.maximumAgeMs, timeout: POSITION_TIMEOUT_MS, enableHighAccuracy: false },
    );
  }, [onLocated, setPermission]);

  if (!supported) {
    return (
      <p className="small text-body-secondary mb-0" data-testid="location-unsupported">
        <i className="bi bi-geo-alt me-2" aria-hidden="true" />
        {t('location.unsupported')}
      </p>
    );
  }

  const busy = phase.kind === 'locating';
  const retry = phase.kind === 'unavailable' || phase.kind === 'timeout' || phase.kind === 'failed';
  let message: { text: string; tone: 'muted' | 'warning' | 'success'; testId: string } | null = null;
  if (permission === 'denied')
    message = { text: t('location.denied'), tone: 'warning', testId: 'location-denied' };
  else if (phase.kind === 'unavailable' || phase.kind === 'timeout' || phase.kind === 'failed')
    message = { text: t(`location.${phase.kind}`), tone: 'warning', testId: `location-${phase.kind}` };
  else if (phase.kind === 'not_found')
    message = { text: t('location.not_found'), tone: 'warning', testId: 'location-not-found' };
  else if (phase.kind === 'found')
    message = {
      text: t('location.found', { place: phase.place }),
      tone: 'success',
      testId: 'location-found',
    };
  else if (phase.kind === 'idle' && (permission === 'prompt' || permission === 'unknown'))
    message = { text: t('location.prompt'), tone: 'muted', testId: 'location-prompt' };

  return (
    <div data-testid="location-button">
      <BusyButton
        type="button"
        className="btn btn-outline-primary rounded-pill"
        onClick={locate}
        busy={busy}
        disabled={disabled}
        data-testid="location-use"
      >
        {!busy && (
          <i className={`bi ${retry ? 'bi-arrow-clockwise' : 'bi-crosshair'} me-2`} aria-hidden="true" />
        )}
        {busy
          ? t('location.locating')
          : retry || permission === 'denied'
            ? t('location.retry')
            : t('location.use')}
      </BusyButton>
      <div role="status" className="small mt-2">
        {message && (
          <p className={`mb-0 ${TONE_CLASS[message.tone]}`} data-testid={message.testId}>
            {message.tone !== 'muted' && (
              <i
                className={`bi ${message.tone === 'warning' ? 'bi-exclamation-triangle' : 'bi-check-circle-fill'} me-2`}
                aria-hidden="true"
              />
            )}
            {message.text}
          </p>
        )}
      </div>
    </div>
  );
}
