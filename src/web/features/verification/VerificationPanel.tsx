import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerificationAttempt } from '../../../shared/schemas/verification';
import { BusyButton } from '../../components/ui/BusyButton';
import { ApiError } from '../../lib/http';
import { sendSelfie, startVerification, verificationQuery } from './api';
import { useCamera } from './useCamera';
import { VerifiedBadge } from './VerifiedBadge';

/**
 * Photo verification on the member's own profile (issue 21): a pose chosen by the server, a selfie from the front
 * camera, then the outcome (checked on the server; the selfie is never shown to other members and deleted once
 * decided). A refusal says why; the attempts left today are shown.
 */
export function VerificationPanel() {
  const { t } = useTranslation('verification');
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState<VerificationAttempt | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const camera = useCamera();
  const status = useQuery({
    ...verificationQuery,
    refetchInterval: (q) => (q.state.data?.latest?.status === 'checking' ? 1500 : false),
  });

  const fail = (err: unknown) => setError(err instanceof ApiError ? err.message : t('error'));

  const begin = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await startVerification();
      setAttempt(next);
      await camera.start();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const shoot = async () => {
    if (!attempt) return;
    const image = camera.capture();
    if (!image) return;
    setBusy(true);
    setError(null);
    try {
      await sendSelfie(attempt.id, image);
      camera.stop();
      setAttempt(null);
      await queryClient.invalidateQueries({ queryKey: verificationQuery.queryKey });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  if (status.isPending) return <p className="text-body-secondary mb-0">{t('loading')}</p>;
  if (status.isError) return <p className="text-danger mb-0">{t('error')}</p>;
  const s = status.data;
  const latest = s.latest;

  if (s.verified)
    return (
      <p className="mb-0" data-testid="verification-verified">
        <VerifiedBadge className="me-2 fs-5 align-middle" />
        {t('verified')}
      </p>
    );

  const shooting = attempt !== null;
  return (
    <div data-testid="verification-panel">
      <p className="text-body-secondary">{t('intro')}</p>
      {s.suspended && <p className="alert alert-warning">{t('suspended')}</p>}
      {!shooting && latest?.status === 'checking' && (
        <p className="alert alert-info" role="status" data-testid="verification-checking">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('checking')}
        </p>
      )}
      {!shooting && latest?.status === 'review' && (
        <p className="alert alert-info" data-testid="verification-review">
          {t('review')}
        </p>
      )}
      {!shooting && latest?.status === 'rejected' && latest.reason && (
        <p className="alert alert-warning" data-testid="verification-refused">
          {t(`refused.${latest.reason}`)}
        </p>
      )}
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      {shooting ? (
        <div>
          <p
            className="fw-semibold fs-5"
            data-testid="verification-challenge"
            data-challenge={attempt.challenge}
          >
            <i className="bi bi-person-bounding-box me-2" aria-hidden="true" />
            {t(`challenge.${attempt.challenge}`)}
          </p>
          <div className="ratio ratio-4x3 bg-dark rounded overflow-hidden mb-3 verification-camera">
            <video ref={camera.videoRef} playsInline muted autoPlay data-testid="verification-video" />
          </div>
          {camera.state === 'denied' && <p className="alert alert-warning">{t('camera_denied')}</p>}
          {camera.state === 'unavailable' && <p className="alert alert-warning">{t('camera_unavailable')}</p>}
          <div className="d-flex flex-wrap gap-2">
            <BusyButton
              className="btn btn-primary"
              busy={busy}
              disabled={camera.state !== 'on'}
              onClick={() => void shoot()}
              data-testid="verification-shoot"
            >
              <i className="bi bi-camera me-2" aria-hidden="true" />
              {t('shoot')}
            </BusyButton>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => {
                camera.stop();
                setAttempt(null);
              }}
            >
              {t('cancel')}
            </button>
          </div>
          <p className="small text-body-secondary mt-3 mb-0">{t('privacy')}</p>
        </div>
      ) : s.blocked && s.blocked !== 'pending' ? (
        <p className="text-body-secondary mb-0" data-testid="verification-blocked">
          {t(`blocked.${s.blocked}`)}
        </p>
      ) : (
        s.blocked === null && (
          <div className="d-flex flex-wrap align-items-center gap-3">
            <BusyButton
              className="btn btn-primary"
              busy={busy}
              onClick={() => void begin()}
              data-testid="verification-start"
            >
              <i className="bi bi-patch-check me-2" aria-hidden="true" />
              {latest?.status === 'rejected' ? t('retry') : t('start')}
            </BusyButton>
            <span className="small text-body-secondary">
              {t('attempts_left', { count: s.attempts_left })}
            </span>
          </div>
        )
      )}
    </div>
  );
}
