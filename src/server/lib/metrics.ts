import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';

/** Seconds; from a cached answer (≈1 ms) to a slow search or an upload (seconds). */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Backlog counts are read from the database at most this often, whatever the scrape interval. */
const BACKLOG_CACHE_MS = 10_000;

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The Prometheus metrics of one app instance (prom-client, a registry of its own so that tests and several apps in
 * one process never share counters). Labels never carry a member, an e-mail or a URL with ids: HTTP requests are
 * labelled with the route the router matched (`/api/chat.php`, `/media/*`), never the raw path.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'amora_http_request_duration_seconds',
    help: 'Time from request to the end of the answer, per matched route, method and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'amora_job_runs_total',
    help: 'Runs of the periodic jobs, by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly outboxItems = new Counter({
    name: 'amora_outbox_items_total',
    help: 'Outbox items (mail, SMS, push) handled by this instance, by channel and outcome (sent, retry, failed, dropped)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: 'amora_job_duration_seconds',
    help: 'Duration of a periodic job run',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [this.registry],
  });
  /** The live hub of this instance, read at each scrape (nothing on the hot path of a message). */
  private live: { size: number; sentTotal: number } | undefined;
  readonly liveConnections = new Gauge({
    name: 'amora_live_connections',
    help: 'Open WebSocket connections (/api/live) on this instance',
    registers: [this.registry],
    collect: () => {
      if (this.live) this.liveConnections.set(this.live.size);
    },
  });
  readonly liveEvents = new Counter({
    name: 'amora_live_events_sent_total',
    help: 'Live events written to sockets of this instance',
    registers: [this.registry],
    collect: () => {
      if (!this.live) return;
      const now = this.live.sentTotal;
      if (now > this.liveSentSeen) this.liveEvents.inc(now - this.liveSentSeen);
      this.liveSentSeen = now;
    },
  });
  private liveSentSeen = 0;

  constructor(opts: { db?: Db; poolStats?: () => PoolStats | undefined; defaultMetrics?: boolean } = {}) {
    // Event-loop lag, GC pauses by kind, heap, CPU, handles: prom-client's process metrics.
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'amora_' });

    const poolStats = opts.poolStats;
    if (poolStats) {
      new Gauge({
        name: 'amora_db_pool_connections',
        help: 'PostgreSQL pool connections by state (in_use, idle) and requests waiting for one (waiting)',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const s = poolStats();
          if (!s) return;
          this.set({ state: 'in_use' }, s.total - s.idle);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'waiting' }, s.waiting);
        },
      });
    }

    const db = opts.db;
    if (db) {
      let cached: { at: number; rows: { kind: string; status: string; n: number }[] } | undefined;
      const backlog = async () => {
        if (cached && Date.now() - cached.at < BACKLOG_CACHE_MS) return cached.rows;
        // Each count runs on a partial index of the pending/open rows only (outbox_due_idx, notifications_due_idx,
        // payments_recheck_idx), so a scrape costs the same with ten rows or ten million.
        const res = (await db.execute(sql`
          select 'outbox' as kind, 'pending' as status, count(*)::int as n from outbox where status = 'pending'
          union all
          select 'notifications', 'pending', count(*)::int from notifications where status = 'pending'
          union all
          select 'payments', status, count(*)::int from payments
            where status in ('open', 'pending', 'authorized') group by status`)) as unknown as {
          rows: { kind: string; status: string; n: number }[];
        };
        cached = { at: Date.now(), rows: res.rows };
        return res.rows;
      };
      const rowsOf = async (kind: string) => (await backlog()).filter((r) => r.kind === kind);
      new Gauge({
        name: 'amora_outbox_pending',
        help: 'Mails, SMS and pushes waiting in the outbox (all instances)',
        registers: [this.registry],
        async collect() {
          this.set((await rowsOf('outbox'))[0]?.n ?? 0);
        },
      });
      new Gauge({
        name: 'amora_notifications_pending',
        help: 'Notifications not yet decided by the dispatcher (all instances)',
        registers: [this.registry],
        async collect() {
          this.set((await rowsOf('notifications'))[0]?.n ?? 0);
        },
      });
      new Gauge({
        name: 'amora_payments_unfinished',
        help: 'Payments not yet paid, failed, cancelled or expired, by status (all instances)',
        labelNames: ['status'] as const,
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const status of ['open', 'pending', 'authorized']) this.set({ status }, 0);
          for (const r of await rowsOf('payments')) this.set({ status: r.status }, r.n);
        },
      });
    }
  }

  /** Reads connections and events sent from the live hub (modules/live) at each scrape. */
  watchLive(hub: { size: number; sentTotal: number }): void {
    this.live = hub;
  }

  /** One periodic job run (jobs/scheduler.ts). */
  observeJob(job: string, ok: boolean, seconds: number): void {
    this.jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
    this.jobDuration.observe({ job }, seconds);
  }
}

/** '2xx' … '5xx' */
export function statusClass(code: number): string {
  return `${Math.floor(code / 100)}xx`;
}
