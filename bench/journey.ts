/**
 * Load test of the whole product (issue 28, point 6): two app instances (production mode) on one PostgreSQL and one
 * Redis, members going through a realistic mix of actions over HTTP while every member holds a live WebSocket, and
 * a bare Fastify route measured in the same run as the baseline.
 *
 *   npm run bench:journey
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_journey  (default; created when missing, never `test`)
 *   REDIS_URL=redis://127.0.0.1:6379 (default)
 *   BENCH_MEMBERS=1000 BENCH_CONNECTIONS=40 BENCH_SECONDS=30 BENCH_WARMUP_SECONDS=5 BENCH_BASELINE_SECONDS=10
 *   BENCH_PORT=3341 (instances on BENCH_PORT and BENCH_PORT+1, the baseline on BENCH_PORT+2)
 *   BENCH_MEMBER_REQ_PER_MIN=4 (the capacity model: API calls a member online makes per minute)
 *
 * The HTTP load is autocannon (bench/lib/journey-worker.ts), one process per instance with half the connections
 * each (the round-robin of a proxy, without a proxy's cost). Every member's socket is open on one of the two
 * instances (alternating), so half the chat messages cross instances through Redis. The mix and what each action
 * sends: journey-worker.ts JOURNEY_MIX. The report gives per action the req/s, p50/p95/p99 and failures, the total
 * as a share of the baseline's req/s and each percentile as a multiple of the baseline's; messages acknowledged,
 * delivered live, lost and duplicated; payments paid and credited; the CPU each part used, the capacity estimate
 * (members online per core) and what saturates first. Exits non-zero on lost or duplicated messages, a payment
 * credited twice or not at all, or failed requests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { LIVE_PATH } from '../src/shared/realtime';
import { ChatReceivers } from './lib/chat-receivers';
import {
  benchDatabaseUrl,
  intEnv,
  purchaseChoice,
  runJourneyWorker as runWorker,
  JOURNEY_SITE as SITE,
  startJourneyApp,
} from './lib/journey-instances';
import { type JourneyRun, journeyReport } from './lib/journey-report';
import {
  ensureDatabaseExists,
  JOURNEY_PASSWORD,
  journeyMembers,
  paymentCheck,
  prepareSchema,
  resetState,
  seedMembers,
} from './lib/journey-seed';
import type { JourneyMember, JourneyWorkerOutput } from './lib/journey-worker';
import { type LoadResult, runLoad, stopProcess, waitReady } from './lib/load';
import { cpuByCommand, cpuDelta, cpuSeconds, systemCpu } from './lib/proc';

const MEMBERS = intEnv('BENCH_MEMBERS', 1000, 4, 100_000) & ~1;
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 40, 2, 1000);
const SECONDS = intEnv('BENCH_SECONDS', 30, 1, 3600);
const WARMUP_SECONDS = intEnv('BENCH_WARMUP_SECONDS', 5, 0, 600);
const BASELINE_SECONDS = intEnv('BENCH_BASELINE_SECONDS', 10, 1, 600);
const PORT = intEnv('BENCH_PORT', 3341, 1024, 65_000);
const REQ_PER_MIN = intEnv('BENCH_MEMBER_REQ_PER_MIN', 4, 1, 600);
const url = benchDatabaseUrl();

const log = (msg: string) => console.error(`[journey] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const here = path.dirname(fileURLToPath(import.meta.url));

function startChild(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, args, { env, stdio: ['ignore', process.stderr, process.stderr] });
}

/** PostgreSQL backends serving the bench database (the instances' pools), by pid. */
async function benchBackends(pool: pg.Pool): Promise<number[]> {
  const r = await pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return r.rows.map((row) => row.pid);
}

async function cpuOf(pids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const p of pids) {
    const s = await cpuSeconds(p);
    if (s !== undefined) out.set(p, s);
  }
  return out;
}

async function journey(
  tag: string,
  seconds: number,
  ports: number[],
  members: JourneyMember[],
  choice: { bundleId: number; method: string },
  workDir: string,
): Promise<JourneyWorkerOutput[]> {
  const ids = members.map((m) => m.id);
  return Promise.all(
    ports.map((port, i) =>
      runWorker({
        url: `http://127.0.0.1:${port}`,
        host: `${SITE}:${port}`,
        connections: CONNECTIONS / ports.length,
        seconds,
        tag,
        seqFirst: i + 1,
        seqStride: ports.length,
        // each worker drives its own half of the members (a member's requests go to one instance, like a session)
        members: members.filter((_, k) => k % ports.length === i),
        ids,
        password: JOURNEY_PASSWORD,
        bundleId: choice.bundleId,
        method: choice.method,
        outFile: path.join(workDir, `${tag}-${i}.json`),
        seed: 7 + i + tag.length,
      }),
    ),
  );
}

async function main(): Promise<void> {
  await ensureDatabaseExists(url);
  log(`database ${new URL(url).pathname.slice(1)}: migrations and site`);
  const siteId = await prepareSchema(url, SITE);
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: 'bench-journey' });
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'amora-journey-'));
  const ports = [PORT, PORT + 1];
  const children: ChildProcess[] = [];
  const receivers = new ChatReceivers();
  let failed = false;
  try {
    const added = await seedMembers(pool, siteId, MEMBERS);
    if (added > 0) log(`seeded ${added} members`);
    await resetState(pool);
    const apps = ports.map((p, i) =>
      startJourneyApp({ port: p, dataDir: path.join(workDir, `data-${i}`), url, logLevel: 'warn' }),
    );
    const baseline = startChild(['--import', 'tsx', path.join(here, 'baseline-server.ts')], {
      ...process.env,
      PORT: String(PORT + 2),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
    });
    children.push(...apps, baseline);
    await Promise.all([
      ...apps.map((a, i) =>
        waitReady(a, `http://127.0.0.1:${ports[i]}/api/settings.php?domain=${SITE}`, { host: SITE }, 180_000),
      ),
      waitReady(baseline, `http://127.0.0.1:${PORT + 2}/hello`),
    ]);
    const members = await journeyMembers(pool, MEMBERS);
    const choice = await purchaseChoice(ports[0]!, members[0]!.cookie);
    log(`${members.length} members; buying bundle ${choice.bundleId} by ${choice.method}`);

    // Every member online: a live socket each, alternating between the instances.
    for (const [i, port] of ports.entries()) {
      const cookies = new Map(members.filter((_, k) => k % 2 !== i).map((m) => [m.id, m.cookie]));
      await receivers.open(
        {
          url: `ws://127.0.0.1:${port}${LIVE_PATH}`,
          host: `${SITE}:${port}`,
          origin: `http://${SITE}:${port}`,
        },
        cookies,
        50,
      );
    }
    log(`${receivers.size} live sockets open`);

    const hello = async (): Promise<LoadResult> => {
      log(`baseline: ${BASELINE_SECONDS} s`);
      return runLoad('baseline: bare Fastify GET /hello', `http://127.0.0.1:${PORT + 2}/hello`, {
        connections: CONNECTIONS,
        seconds: BASELINE_SECONDS,
        warmupSeconds: 2,
        requests: [{ path: '/hello' }], // through the API worker, which reports the p95 too
      });
    };
    const first = await hello();
    if (WARMUP_SECONDS > 0) {
      log(`warm-up: ${WARMUP_SECONDS} s`);
      receivers.reset('warm');
      await journey('warm', WARMUP_SECONDS, ports, members, choice, workDir);
      await sleep(1000);
    }
    const tag = `m${Date.now().toString(36)}`;
    receivers.reset(tag);
    const backends = await benchBackends(pool);
    const appPids = apps.map((a) => a.pid!);
    const [sys0, app0, pg0, redis0] = await Promise.all([
      systemCpu(),
      cpuOf(appPids),
      cpuOf(backends),
      cpuByCommand('redis-server'),
    ]);
    log(`measured: ${SECONDS} s, ${CONNECTIONS} connections`);
    const t0 = performance.now();
    const outputs = await journey(tag, SECONDS, ports, members, choice, workDir);
    const wall = (performance.now() - t0) / 1000;
    const [sys1, app1, pg1, redis1] = await Promise.all([
      systemCpu(),
      cpuOf(appPids),
      cpuOf(backends),
      cpuByCommand('redis-server'),
    ]);
    // Deliveries still in flight when the load stopped.
    await sleep(3000);
    const last = await hello();
    const payments = await paymentCheck(pool);
    const run: JourneyRun = {
      outputs,
      wall,
      baseline: first,
      baselineLast: last,
      receivers,
      payments,
      cpu: {
        app: cpuDelta(app0, app1),
        appPerInstance: appPids.map((p) => (app1.get(p) ?? 0) - (app0.get(p) ?? 0)),
        postgres: cpuDelta(pg0, pg1),
        redis: cpuDelta(redis0, redis1),
        workers: outputs.reduce((a, o) => a + o.cpuSeconds, 0),
        machine: sys0 && sys1 ? sys1.busy - sys0.busy : Number.NaN,
        cores: os.cpus().length,
      },
      members: members.length,
      connections: CONNECTIONS,
      reqPerMin: REQ_PER_MIN,
    };
    failed = journeyReport(run);
  } finally {
    receivers.close();
    await Promise.all(children.map((c) => stopProcess(c)));
    await pool.end();
    await rm(workDir, { recursive: true, force: true });
  }
  if (failed) {
    console.error('\n[journey] FAILED: see the report');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
