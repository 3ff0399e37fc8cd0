import { SAFETY_RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import type { Job } from '../../jobs/scheduler';
import { deleteOldVisits } from './visits.repo';

/** Deletes profile visits older than RULES.visits.keepDays (who viewed me shows no older ones). */
export function visitsExpiryJob(db: Db): Job {
  return {
    name: 'visits-expiry',
    everyMs: SAFETY_RULES.visits.expiryEveryMinutes * 60_000,
    run: async () => {
      await deleteOldVisits(db, SAFETY_RULES.visits.keepDays);
    },
  };
}
