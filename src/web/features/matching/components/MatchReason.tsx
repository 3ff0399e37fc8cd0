import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MatchCard } from '../../../../shared/schemas/matching';
import { currentLocale } from '../../../lib/i18n';

/**
 * Why a member is ranked where they are, in one line: "3 shared interests · 12 km". Parts that are 0 or unknown are
 * left out; with neither, the member simply fits the preferences (the ranking then goes by recent activity).
 */
export function matchReasonText(
  t: TFunction<'matching'>,
  card: Pick<MatchCard, 'shared_interests' | 'distance_km'>,
  locale: string = currentLocale(),
): string {
  const parts: string[] = [];
  if (card.shared_interests > 0) parts.push(t('reason.shared_interests', { count: card.shared_interests }));
  if (card.distance_km !== null)
    parts.push(t('reason.distance', { km: new Intl.NumberFormat(locale).format(card.distance_km) }));
  return parts.length > 0 ? parts.join(' · ') : t('reason.fits');
}

/** The explanation line under a match card. */
export function MatchReason({
  card,
  className = '',
}: {
  card: Pick<MatchCard, 'shared_interests' | 'distance_km'>;
  className?: string;
}) {
  const { t } = useTranslation('matching');
  const icon = card.shared_interests > 0 ? 'bi-tags' : card.distance_km !== null ? 'bi-geo' : 'bi-heart';
  return (
    <p className={`match-reason small mb-0 ${className}`.trim()} data-testid="match-reason">
      <i className={`bi ${icon} me-1`} aria-hidden="true" />
      {matchReasonText(t, card)}
    </p>
  );
}
