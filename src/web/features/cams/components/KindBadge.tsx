import { useTranslation } from 'react-i18next';
import { type CamKind, isCamKind } from '../../../../shared/profile-kinds';

const ICON: Record<CamKind, string> = { cam: 'camera-video-fill', resell: 'globe2' };

/** The mark of a cam or resell profile, on its card and its page (nothing for other kinds). */
export function KindBadge({ kind, className = '' }: { kind: string | undefined; className?: string }) {
  const { t } = useTranslation('cams');
  if (!isCamKind(kind)) return null;
  return (
    <span
      className={`badge rounded-pill ${kind === 'cam' ? 'text-bg-dark' : 'text-bg-secondary'} ${className}`.trim()}
      data-testid={`kind-badge-${kind}`}
    >
      <i className={`bi bi-${ICON[kind]} me-1`} aria-hidden="true" />
      {t(`kind.${kind}`)}
    </span>
  );
}

/**
 * What a cam or resell profile is and where contacting it leads, on its page (docs/decisions.md "Cam section"):
 * a message to it is a chat like any other and costs what a message to a member costs.
 */
export function KindNotice({ kind }: { kind: string | undefined }) {
  const { t } = useTranslation('cams');
  if (!isCamKind(kind)) return null;
  return (
    <div
      className="alert alert-secondary d-flex gap-2 align-items-start small"
      data-testid={`kind-notice-${kind}`}
    >
      <KindBadge kind={kind} className="flex-shrink-0 mt-1" />
      <div>
        <p className="mb-1">{t(`explain.${kind}`)}</p>
        <p className="mb-0 text-body-secondary">{t('contact')}</p>
      </div>
    </div>
  );
}
