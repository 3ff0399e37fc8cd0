import { useTranslation } from 'react-i18next';
import type { StaffProfileKind } from '../../../shared/schemas/admin-profiles';

const STYLE: Record<StaffProfileKind, { icon: string; bg: string }> = {
  fictional: { icon: 'stars', bg: 'text-bg-warning' },
  cam: { icon: 'camera-video-fill', bg: 'text-bg-dark' },
  resell: { icon: 'globe2', bg: 'text-bg-secondary' },
};

/** What a kept profile is, as a badge. */
export function KindBadge({ kind }: { kind: StaffProfileKind }) {
  const { t } = useTranslation('profiles');
  return (
    <span className={`badge rounded-pill ${STYLE[kind].bg}`} data-testid={`profile-kind-${kind}`}>
      <i className={`bi bi-${STYLE[kind].icon} me-1`} aria-hidden="true" />
      {t(`kind.${kind}`)}
    </span>
  );
}
