/**
 * A sampling view of where PostgreSQL's connections spend their time, without pg_stat_statements (which needs
 * shared_preload_libraries and so a restart): pg_stat_activity of one database polled every `everyMs` on a
 * connection of its own. Each sample of a client backend counts for its state and statement: `active` (running the
 * statement, or waiting on a lock: wait_event_type Lock), `idle in transaction` (waiting for the app's next
 * statement inside a transaction), `idle` (a pool connection with nothing to do). The shares of the samples are the
 * shares of connection time.
 */
import pg from 'pg';

export interface ActivityShare {
  state: string;
  /** the statement's text, whitespace folded, at most 160 characters ('' when idle) */
  query: string;
  samples: number;
  /** samples / (samples of all backends) */
  share: number;
}

export class PgActivitySampler {
  private readonly client: pg.Client;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly counts = new Map<string, { state: string; query: string; n: number }>();
  private total = 0;
  rounds = 0;

  constructor(
    databaseUrl: string,
    private readonly everyMs = 10,
    /** connections of these application_name values are left out (the bench's own) */
    private readonly excludeApplications: string[] = [],
  ) {
    this.client = new pg.Client({ connectionString: databaseUrl });
  }

  async start(): Promise<void> {
    await this.client.connect();
    this.running = true;
    const tick = async () => {
      if (!this.running) return;
      try {
        const r = await this.client.query<{ state: string; wait: string | null; query: string }>(
          `select state, wait_event_type || ':' || wait_event as wait,
                  left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
           from pg_stat_activity
           where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
             and application_name <> all($1::text[])`,
          [this.excludeApplications],
        );
        this.rounds++;
        for (const row of r.rows) {
          const lock = row.wait?.startsWith('Lock:') ? ` (waiting: ${row.wait})` : '';
          const state = `${row.state}${lock}`;
          const query = row.state === 'idle' ? '' : row.query;
          const key = `${state}\u0000${query}`;
          const c = this.counts.get(key);
          if (c) c.n++;
          else this.counts.set(key, { state, query, n: 1 });
          this.total++;
        }
      } catch {
        /* a failed sample is skipped */
      }
      if (this.running) this.timer = setTimeout(tick, this.everyMs);
    };
    void tick();
  }

  async stop(): Promise<ActivityShare[]> {
    this.running = false;
    clearTimeout(this.timer);
    await this.client.end().catch(() => undefined);
    return [...this.counts.values()]
      .sort((a, b) => b.n - a.n)
      .map((c) => ({ state: c.state, query: c.query, samples: c.n, share: c.n / (this.total || 1) }));
  }
}
