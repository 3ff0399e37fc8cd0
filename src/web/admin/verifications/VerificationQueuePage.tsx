import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminVerification } from '../../../shared/schemas/verification';
import { ConsolePage } from '../components/ConsolePage';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { decideVerificationCall, verificationQueueQuery } from './verifications-api';

/**
 * Photo verifications a person must decide (issue 21): selfies the face model found unclear, and verified members'
 * new main photos that did not match the verified face. The selfie (staff only) beside the profile photo; approve
 * gives (or gives back) the badge, reject refuses it (the member may try again). The selfie is deleted either way.
 */
export function VerificationQueuePage() {
  const { t } = useTranslation('verifications');
  const client = useQueryClient();
  const queue = useQuery(verificationQueueQuery);
  const decide = useMutation({
    mutationFn: decideVerificationCall,
    onSuccess: () => client.invalidateQueries({ queryKey: verificationQueueQuery.queryKey }),
  });
  const items = queue.data?.items ?? [];
  return (
    <ConsolePage title={t('title')}>
      <ErrorAlert error={queue.error ?? decide.error} ns="verifications" />
      {queue.isPending ? (
        <ConsoleSpinner />
      ) : items.length === 0 ? (
        <p className="text-body-secondary" data-testid="verification-queue-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="list-unstyled d-grid gap-3" data-testid="verification-queue">
          {items.map((item) => (
            <VerificationItem
              key={item.id}
              item={item}
              busy={decide.isPending}
              onDecide={(action) => decide.mutate({ id: item.id, action })}
            />
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}

function VerificationItem({
  item,
  busy,
  onDecide,
}: {
  item: AdminVerification;
  busy: boolean;
  onDecide: (action: 'approve' | 'reject') => void;
}) {
  const { t, i18n } = useTranslation('verifications');
  return (
    <li className="card" data-testid="verification-item" data-verification-id={item.id}>
      <div className="card-body">
        <h2 className="h6 mb-1">
          {item.member.name} <span className="text-body-secondary">#{item.member.id}</span>
        </h2>
        <p className="small text-body-secondary mb-3">
          {item.site.domain} · {t(`cause.${item.cause}`)}
          {item.distance !== null && ` · ${t('distance', { value: item.distance.toFixed(2) })}`}
          {item.submitted_at && ` · ${new Date(item.submitted_at).toLocaleString(i18n.language)}`}
        </p>
        <div className="row g-3 mb-3">
          <figure className="col-6 col-md-4 mb-0">
            {item.selfie_image ? (
              <img
                className="img-fluid rounded"
                src={item.selfie_image}
                alt={t('selfie_alt', { name: item.member.name })}
              />
            ) : (
              <p className="text-body-secondary small">{t('no_selfie')}</p>
            )}
            <figcaption className="small text-body-secondary">{t('selfie')}</figcaption>
          </figure>
          <figure className="col-6 col-md-4 mb-0">
            {item.photo_image && (
              <img
                className="img-fluid rounded"
                src={item.photo_image}
                alt={t('photo_alt', { name: item.member.name })}
              />
            )}
            <figcaption className="small text-body-secondary">{t('photo')}</figcaption>
          </figure>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-success"
            disabled={busy}
            onClick={() => onDecide('approve')}
            data-testid="verification-approve"
          >
            {t('approve')}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={busy}
            onClick={() => onDecide('reject')}
            data-testid="verification-reject"
          >
            {t('reject')}
          </button>
        </div>
      </div>
    </li>
  );
}
