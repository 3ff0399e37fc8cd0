import { NOTIFICATION_TIMING } from '../../shared/rules';
import type { Db } from '../db/client';
import {
  forgetOldNotifications,
  sweepReminders,
  sweepUnreadReminders,
  sweepWeeklyUpdates,
} from '../modules/notifications/notification-sweeps';
import { type DispatchDeps, dispatchDueNotifications } from '../modules/notifications/notifications.service';
import type { Job } from './scheduler';

/** Sends due notifications into the outbox (several batches a run while there is work). */
export function notificationDispatchJob(deps: DispatchDeps): Job {
  return {
    name: 'notifications',
    everyMs: NOTIFICATION_TIMING.dispatchEveryMs,
    run: async () => {
      for (let i = 0; i < 10; i++) if ((await dispatchDueNotifications(deps)).handled === 0) break;
    },
  };
}

/** The time-based notifications: unread-message reminders, the weekly update, reminders. */
export function notificationSweepJob(db: Db): Job {
  return {
    name: 'notification-sweeps',
    everyMs: NOTIFICATION_TIMING.sweepEveryMs,
    run: async () => {
      const now = new Date();
      await sweepUnreadReminders(db, now);
      await sweepWeeklyUpdates(db, now);
      await sweepReminders(db, now);
      await forgetOldNotifications(db);
    },
  };
}
