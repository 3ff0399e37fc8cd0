import { ACCOUNT_RULES, RULES } from '../../shared/rules';
import type { Db } from '../db/client';
import { cleanLoginThrottle } from '../modules/auth/login-throttle';
import { deleteOldSwipeRows } from '../modules/matching/swipe.repo';
import { utcDay } from '../modules/matching/swipe.service';
import { recheckOpenPayments } from '../modules/payments/payments-recheck';
import type { PaymentProvider } from '../modules/payments/providers/provider';
import { recheckReversals, scanChargebacks } from '../modules/payments/reversal-checks';

/**
 * Runs periodic jobs in the app process. Each job's runs never overlap; a failing run is logged and retried at
 * the next tick. Several instances may run the same jobs: the jobs themselves claim work with SKIP LOCKED.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export class Scheduler {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<string>();
  private stopped = false;

  constructor(
    private readonly log: (msg: string) => void,
    /** Told of every run (the metrics: runs, failures, duration). */
    private readonly observe?: (job: string, ok: boolean, seconds: number) => void,
  ) {}

  start(jobs: Job[]): void {
    for (const job of jobs) {
      const tick = async () => {
        if (this.stopped || this.running.has(job.name)) return;
        this.running.add(job.name);
        const started = performance.now();
        let ok = false;
        try {
          await job.run();
          ok = true;
        } catch (err) {
          this.log(`job ${job.name} failed: ${err instanceof Error ? err.message : String(err)}`);
        } finally {
          this.running.delete(job.name);
          this.observe?.(job.name, ok, (performance.now() - started) / 1000);
        }
      };
      const timer = setInterval(() => void tick(), job.everyMs);
      timer.unref();
      this.timers.push(timer);
      setTimeout(() => void tick(), 500).unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (let i = 0; i < 50 && this.running.size > 0; i++) await new Promise((r) => setTimeout(r, 100));
  }
}

/** Deletes the password-guessing counters that no longer count (modules/auth/login-throttle.ts). */
export function loginThrottleCleanupJob(db: Db): Job {
  return {
    name: 'login-throttle-cleanup',
    everyMs: ACCOUNT_RULES.login.cleanupEveryMinutes * 60_000,
    run: () => cleanLoginThrottle(db),
  };
}

/** Deletes swipe-game passes that no longer keep a member out of the deck, and day counts before yesterday. */
export function swipeCleanupJob(db: Db): Job {
  return {
    name: 'swipe-cleanup',
    everyMs: 60 * 60_000,
    run: () =>
      deleteOldSwipeRows(db, RULES.swipeGame.passForgetDays, utcDay(new Date(Date.now() - 86_400_000))),
  };
}

/** Looks again at payments still open (a webhook lost or the provider unreachable), with backoff per payment. */
export function paymentRecheckJob(
  db: Db,
  provider: PaymentProvider,
  onChanged: (userId: number) => void,
): Job {
  return {
    name: 'payment-recheck',
    everyMs: 60_000,
    run: async () => {
      for (const applied of await recheckOpenPayments(db, provider)) onChanged(applied.userId);
    },
  };
}

/**
 * Credits that follow the money without a webhook (payments/reversal-checks.ts): the provider's new chargebacks, then
 * the refunded or charged-back payments due for another look. Every RULES.payments.chargebackScanMinutes: one list
 * call when nothing is new, far inside Mollie's rate limits (requests per second), and a 429 waits for the next run.
 */
export function chargebackScanJob(
  db: Db,
  provider: PaymentProvider,
  onChanged: (userId: number) => void,
): Job {
  return {
    name: 'chargeback-scan',
    everyMs: RULES.payments.chargebackScanMinutes * 60_000,
    run: async () => {
      try {
        for (const applied of await scanChargebacks(db, provider)) onChanged(applied.userId);
      } finally {
        for (const applied of await recheckReversals(db, provider)) onChanged(applied.userId);
      }
    },
  };
}
