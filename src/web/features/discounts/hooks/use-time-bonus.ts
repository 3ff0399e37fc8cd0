import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { RULES } from '../../../../shared/rules';
import { useCurrentUser } from '../../auth/api/session';
import { timeBonusQuery } from '../api/discounts';
import { secondsUntil, timeBonusClock } from '../time-bonus-clock';

export interface TimeBonus {
  /** the bonus runs: shown in the banner and the popup, and the active discount */
  visible: boolean;
  code: string | null;
  percentage: number;
  /** whole seconds left, ticking each second (0 without a bonus) */
  secondsLeft: number;
  /** still loading for a member who may have one */
  loading: boolean;
}

/**
 * The time bonus of a signed-in member who has not paid (GET /api/time-bonus.php), with its countdown from
 * `ends_at` on the app's one clock. Logging out, becoming paid, no data or a bonus that is not visible stop and clear
 * the clock; at 0 the bonus is over.
 */
export function useTimeBonus(): TimeBonus {
  const user = useCurrentUser();
  const eligible = Boolean(user && !user.paid_user);
  const query = useQuery({ ...timeBonusQuery(user?.id ?? 0), enabled: eligible });
  const data = eligible ? query.data : undefined;
  const parsed = data?.visible && data.ends_at ? Date.parse(data.ends_at) : Number.NaN;
  const endsAt = Number.isFinite(parsed) ? parsed : null;

  useEffect(() => timeBonusClock.sync(endsAt), [endsAt]);
  const clock = useSyncExternalStore(
    timeBonusClock.subscribe,
    timeBonusClock.getSnapshot,
    timeBonusClock.getSnapshot,
  );
  // Until the clock has taken this end over (the first render), the seconds come from the end itself.
  const secondsLeft = endsAt === null ? 0 : clock.endsAt === endsAt ? clock.seconds : secondsUntil(endsAt);
  return {
    visible: endsAt !== null && secondsLeft > 0,
    code: data?.code ?? null,
    percentage: data?.percentage ?? RULES.timeBonus.percentage,
    secondsLeft,
    loading: eligible && query.isPending,
  };
}
