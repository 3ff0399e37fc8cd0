/**
 * One of two instances killed while members chat (issue 28, reliability). Two app instances (production mode, the
 * PostgreSQL database bench_journey, one Redis); every member online with a live socket, half on each instance;
 * members send messages to their partners through the first instance (autocannon, bench/lib/journey-worker.ts)
 * while members also poll, open chats and read conversations. After BENCH_KILL_AFTER seconds the second instance is
 * killed with SIGKILL. Its members' sockets reconnect to the first after 1 s and catch up with one call since the
 * last message id they saw (bench/lib/catch-up-receivers.ts). Reports, for the messages
 * whose send was acknowledged, how many every recipient missed and how many arrived live twice; exits non-zero when
 * one was missed or doubled.
 *
 *   npm run bench:instance-kill
 *   BENCH_MEMBERS=200 BENCH_CONNECTIONS=10 BENCH_SECONDS=30 BENCH_KILL_AFTER=10 BENCH_PORT=3347 (and 3348)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_journey REDIS_URL=redis://127.0.0.1:6379 (defaults)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CatchUpReceivers } from './lib/catch-up-receivers';
import {
  benchDatabaseUrl as databaseUrl,
  intEnv,
  runJourneyWorker as runWorker,
  JOURNEY_SITE as SITE,
  startJourneyApp,
} from './lib/journey-instances';
import {
  ensureDatabaseExists,
  JOURNEY_PASSWORD,
  journeyMembers,
  prepareSchema,
  resetState,
  seedMembers,
} from './lib/journey-seed';
import { stopProcess, waitReady } from './lib/load';

const MEMBERS = intEnv('BENCH_MEMBERS', 200) & ~1;
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 10);
const SECONDS = intEnv('BENCH_SECONDS', 30);
const KILL_AFTER = intEnv('BENCH_KILL_AFTER', 10);
const PORT = intEnv('BENCH_PORT', 3347);
const log = (msg: string) => console.error(`[instance-kill] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const url = databaseUrl();
  await ensureDatabaseExists(url);
  const siteId = await prepareSchema(url, SITE);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const work = await mkdtemp(path.join(os.tmpdir(), 'amora-instance-kill-'));
  const ports = [PORT, PORT + 1];
  const apps: ChildProcess[] = [];
  const receivers = new CatchUpReceivers(ports);
  let failed = false;
  try {
    await seedMembers(pool, siteId, MEMBERS);
    await resetState(pool);
    apps.push(
      ...ports.map((p, i) => startJourneyApp({ port: p, dataDir: path.join(work, `data-${i}`), url })),
    );
    await Promise.all(
      apps.map((a, i) =>
        waitReady(a, `http://127.0.0.1:${ports[i]}/api/settings.php?domain=${SITE}`, { host: SITE }, 180_000),
      ),
    );
    const members = await journeyMembers(pool, MEMBERS);
    const tag = `k${Date.now().toString(36)}`;
    receivers.tag = tag;
    // Partners on different instances: every message to a member of the killed instance crosses through Redis.
    const instanceOf = new Map(members.map((m, i) => [m.id, i % 2]));
    await receivers.open(members, (m) => instanceOf.get(m.id) ?? 0);
    log(`${members.length} sockets open; load ${SECONDS} s, the second instance killed at ${KILL_AFTER} s`);
    const load = runWorker({
      url: `http://127.0.0.1:${ports[0]}`,
      host: `${SITE}:${ports[0]}`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      tag,
      seqFirst: 1,
      seqStride: 1,
      members,
      ids: members.map((m) => m.id),
      password: JOURNEY_PASSWORD,
      bundleId: 0,
      method: '',
      outFile: path.join(work, 'out.json'),
      seed: 5,
      mix: { message: 60, user: 15, chats: 10, messages: 15 },
    });
    await sleep(KILL_AFTER * 1000);
    apps[1]!.kill('SIGKILL');
    log('second instance killed (SIGKILL)');
    const out = await load;
    await sleep(3000);
    const acked = out.seqs;
    let missed = 0;
    let liveTwice = 0;
    for (const s of acked) {
      if (!receivers.seen.has(s)) missed++;
      if ((receivers.live.get(s) ?? 0) > 1) liveTwice++;
    }
    const statuses: Record<string, number> = {};
    for (const f of Object.values(out.actions))
      for (const [s, n] of Object.entries(f.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    console.log(
      `\nOne of two instances killed (SIGKILL) after ${KILL_AFTER} s of ${SECONDS} s of chat load\n`,
    );
    console.log(
      `Sends and reads through the surviving instance, answers by status: ${JSON.stringify(statuses)}`,
    );
    console.log(
      `Sockets reconnected to the survivor: ${receivers.reconnects} (each caught up with one call: ` +
        `${receivers.catchUps} catch-ups, ${receivers.caughtUp} messages brought only by them); failures ` +
        `${receivers.failures.length}${receivers.failures.length ? ` (${receivers.failures[0]})` : ''}`,
    );
    console.log(
      `Messages: ${acked.length} acknowledged; missed by their recipient ${missed}; delivered live twice ${liveTwice}`,
    );
    failed = missed > 0 || liveTwice > 0 || receivers.failures.length > 0;
  } finally {
    receivers.close();
    await Promise.all(apps.map((a) => stopProcess(a)));
    await pool.end();
    await rm(work, { recursive: true, force: true });
  }
  if (failed) {
    console.error('\n[instance-kill] FAILED: see the report');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
