/**
 * PostgreSQL stopped and started again under the journey load (issue 28, reliability), on a throwaway cluster of
 * its own (never the machine's shared server): initdb into a temporary folder (as the `postgres` user when run as
 * root), two app instances on it with one Redis, members online on live sockets, the bench:journey mix for
 * BENCH_SECONDS; after BENCH_STOP_AFTER seconds the cluster is stopped (pg_ctl stop -m fast) for BENCH_STOP_SECONDS
 * and started again. Reports the answers by status (what clients saw while it was away: 503 expected, no 500), that
 * the instances answer again without a restart, that every acknowledged message is stored once and was delivered
 * live once, and that every paid payment is credited exactly once. Exits non-zero otherwise.
 *
 *   npm run bench:pg-restart
 *   BENCH_PG_BIN=/usr/lib/postgresql/15/bin BENCH_PG_PORT=3345 BENCH_PORT=3347 (instances on 3347 and 3348)
 *   REDIS_URL=redis://127.0.0.1:6379 BENCH_MEMBERS=200 BENCH_CONNECTIONS=20 BENCH_SECONDS=40 BENCH_STOP_AFTER=12
 *   BENCH_STOP_SECONDS=5
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LIVE_PATH } from '../src/shared/realtime';
import { ChatReceivers } from './lib/chat-receivers';
import {
  intEnv,
  purchaseChoice,
  runJourneyWorker as runWorker,
  JOURNEY_SITE as SITE,
  startJourneyApp,
} from './lib/journey-instances';
import {
  JOURNEY_PASSWORD,
  journeyMembers,
  paymentCheck,
  prepareSchema,
  resetState,
  seedMembers,
} from './lib/journey-seed';
import { stopProcess, waitReady } from './lib/load';

const PG_BIN =
  process.env.BENCH_PG_BIN ??
  (() => {
    const base = '/usr/lib/postgresql';
    const v = existsSync(base) ? readdirSync(base).sort().pop() : undefined;
    return v ? path.join(base, v, 'bin') : '';
  })();
const PG_PORT = intEnv('BENCH_PG_PORT', 3345);
const PORT = intEnv('BENCH_PORT', 3347);
const MEMBERS = intEnv('BENCH_MEMBERS', 200) & ~1;
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 20);
const SECONDS = intEnv('BENCH_SECONDS', 40);
const STOP_AFTER = intEnv('BENCH_STOP_AFTER', 12);
const STOP_SECONDS = intEnv('BENCH_STOP_SECONDS', 5);
const log = (msg: string) => console.error(`[pg-restart] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const asRoot = process.getuid?.() === 0;
/** Runs a PostgreSQL tool (as the postgres user when this runs as root: initdb and postgres refuse root). */
function pgTool(tool: string, args: string[]): string {
  const bin = path.join(PG_BIN, tool);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { encoding: 'utf8' })
    : execFileSync(bin, args, { encoding: 'utf8' });
}

function pgCtl(dataDir: string, action: 'start' | 'stop'): void {
  const args =
    action === 'start'
      ? [
          '-D',
          dataDir,
          '-l',
          path.join(dataDir, 'log.txt'),
          '-w',
          '-o',
          `-p ${PG_PORT} -k ${dataDir}`,
          'start',
        ]
      : ['-D', dataDir, '-m', 'fast', '-w', 'stop'];
  pgTool('pg_ctl', args);
}

async function main(): Promise<void> {
  if (!PG_BIN || !existsSync(path.join(PG_BIN, 'initdb'))) throw new Error('no initdb: set BENCH_PG_BIN');
  const work = mkdtempSync(path.join(os.tmpdir(), 'amora-pg-restart-'));
  chmodSync(work, 0o777);
  const dataDir = path.join(work, 'pgdata');
  const url = `postgres://postgres@127.0.0.1:${PG_PORT}/bench_restart`;
  const children: ChildProcess[] = [];
  const receivers = new ChatReceivers();
  let started = false;
  let failed = false;
  try {
    log(`initdb ${dataDir} (port ${PG_PORT})`);
    pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    pgCtl(dataDir, 'start');
    started = true;
    pgTool('createdb', ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', 'bench_restart']);
    const siteId = await prepareSchema(url, SITE);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => {});
    await seedMembers(pool, siteId, MEMBERS);
    await resetState(pool);
    const ports = [PORT, PORT + 1];
    const apps = ports.map((p, i) =>
      startJourneyApp({ port: p, dataDir: path.join(work, `data-${i}`), url }),
    );
    children.push(...apps);
    await Promise.all(
      apps.map((a, i) =>
        waitReady(a, `http://127.0.0.1:${ports[i]}/api/settings.php?domain=${SITE}`, { host: SITE }, 180_000),
      ),
    );
    const members = await journeyMembers(pool, MEMBERS);
    await pool.end();
    const choice = await purchaseChoice(PORT, members[0]!.cookie);
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
    const tag = `r${Date.now().toString(36)}`;
    receivers.reset(tag);
    const ids = members.map((m) => m.id);
    log(`load for ${SECONDS} s; PostgreSQL stopped at ${STOP_AFTER} s for ${STOP_SECONDS} s`);
    const load = Promise.all(
      ports.map((port, i) =>
        runWorker({
          url: `http://127.0.0.1:${port}`,
          host: `${SITE}:${port}`,
          connections: CONNECTIONS / 2,
          seconds: SECONDS,
          tag,
          seqFirst: i + 1,
          seqStride: 2,
          members: members.filter((_, k) => k % 2 === i),
          ids,
          password: JOURNEY_PASSWORD,
          bundleId: choice.bundleId,
          method: choice.method,
          outFile: path.join(work, `out-${i}.json`),
          seed: 11 + i,
        }),
      ),
    );
    await sleep(STOP_AFTER * 1000);
    const t0 = performance.now();
    pgCtl(dataDir, 'stop');
    log('PostgreSQL stopped');
    await sleep(STOP_SECONDS * 1000);
    pgCtl(dataDir, 'start');
    log(`PostgreSQL started again after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const outputs = await load;
    await sleep(3000);

    const statuses: Record<string, number> = {};
    const acked = outputs.flatMap((o) => o.seqs);
    for (const o of outputs)
      for (const f of Object.values(o.actions))
        for (const [s, n] of Object.entries(f.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    const check = new pg.Pool({ connectionString: url, max: 1 });
    const stored = await check.query<{ seq: string; n: string }>(
      `select split_part(body, ' ', 3) as seq, count(*) as n from messages
       where body like $1 group by 1`,
      [`chat-bench ${tag} %`],
    );
    const storedCount = new Map(stored.rows.map((r) => [Number(r.seq), Number(r.n)]));
    const payments = await paymentCheck(check);
    await check.end();
    let notStored = 0;
    let storedTwice = 0;
    let notDelivered = 0;
    let deliveredTwice = 0;
    for (const s of acked) {
      const n = storedCount.get(s) ?? 0;
      if (n === 0) notStored++;
      if (n > 1) storedTwice++;
      const d = receivers.counts[s] ?? 0;
      if (d === 0) notDelivered++;
      if (d > 1) deliveredTwice++;
    }
    const after = await Promise.all(
      ports.map(async (p) => {
        const res = await fetch(`http://127.0.0.1:${p}/readyz`);
        return res.status;
      }),
    );
    const s500 = Object.entries(statuses)
      .filter(([s]) => Number(s) >= 500 && Number(s) !== 503)
      .reduce((a, [, n]) => a + n, 0);
    console.log(
      `\nPostgreSQL stopped for ${STOP_SECONDS} s under the journey load (${SECONDS} s, ${CONNECTIONS} connections)\n`,
    );
    console.log(`Answers by status: ${JSON.stringify(statuses)}`);
    console.log(
      `Errors other than 503 (5xx): ${s500}; connection errors ${outputs.reduce((a, o) => a + o.errors + o.timeouts, 0)}`,
    );
    console.log(`/readyz of the instances afterwards: ${after.join(', ')}`);
    console.log(
      `Messages: ${acked.length} acknowledged; not stored ${notStored}, stored twice ${storedTwice}; not delivered ` +
        `live ${notDelivered}, delivered twice ${deliveredTwice}`,
    );
    console.log(
      `Payments: ${payments.payments} made, ${payments.paid} paid, ${payments.creditRows} credit rows; credited twice ` +
        `${payments.doubled}, paid but not credited ${payments.missing}`,
    );
    failed =
      s500 > 0 ||
      after.some((s) => s !== 200) ||
      notStored > 0 ||
      storedTwice > 0 ||
      deliveredTwice > 0 ||
      payments.doubled > 0 ||
      payments.missing > 0;
  } finally {
    receivers.close();
    await Promise.all(children.map((c) => stopProcess(c)));
    if (started) {
      try {
        pgCtl(dataDir, 'stop');
      } catch {
        /* already stopped */
      }
    }
    await rm(work, { recursive: true, force: true });
  }
  if (failed) {
    console.error('\n[pg-restart] FAILED: see the report');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
