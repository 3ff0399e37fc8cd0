/**
 * The figures of bench/journey.ts as markdown on stdout: per action, chat delivery, payments, CPU and the capacity
 * estimate. Answers whether the run failed (lost, duplicated or misdelivered messages, a payment credited twice or
 * not at all, connection errors, or answers other than 2xx).
 */
import type { ChatReceivers } from './chat-receivers';
import type { JourneyWorkerOutput } from './journey-worker';
import type { LoadResult } from './load';

export interface JourneyRun {
  outputs: JourneyWorkerOutput[];
  /** seconds the measured part took */
  wall: number;
  baseline: LoadResult;
  baselineLast: LoadResult;
  receivers: ChatReceivers;
  payments: { payments: number; paid: number; creditRows: number; doubled: number; missing: number };
  /** CPU seconds over the measured part */
  cpu: {
    app: number;
    appPerInstance: number[];
    postgres: number;
    redis: number;
    workers: number;
    machine: number;
    cores: number;
  };
  members: number;
  connections: number;
  reqPerMin: number;
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
}

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const f2 = (x: number) => (!Number.isFinite(x) ? '–' : x >= 0.1 || x === 0 ? x.toFixed(2) : x.toPrecision(2));
const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en') : '–');

export function journeyReport(run: JourneyRun): boolean {
  const base = run.baseline;
  const baseP95 = Math.max(base.p95 ?? base.p90, 1);
  const baseP99 = Math.max(base.p99, 1);
  const merged = new Map<string, { lat: number[]; statuses: Record<string, number> }>();
  for (const o of run.outputs) {
    for (const [action, fig] of Object.entries(o.actions)) {
      const m = merged.get(action) ?? { lat: [], statuses: {} };
      m.lat.push(...fig.latencies);
      for (const [s, n] of Object.entries(fig.statuses)) m.statuses[s] = (m.statuses[s] ?? 0) + n;
      merged.set(action, m);
    }
  }
  const duration = Math.max(...run.outputs.map((o) => o.duration));
  const errors = run.outputs.reduce((a, o) => a + o.errors + o.timeouts, 0);
  let total = 0;
  let non2xx = 0;
  const rows: string[] = [];
  const all: number[] = [];
  for (const [action, m] of [...merged.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const n = Object.values(m.statuses).reduce((a, b) => a + b, 0);
    const bad = n - m.lat.length;
    total += n;
    non2xx += bad;
    const lat = m.lat.sort((a, b) => a - b);
    all.push(...lat);
    const p95 = pct(lat, 0.95);
    const p99 = pct(lat, 0.99);
    const badStatuses = Object.entries(m.statuses)
      .filter(([s]) => Number(s) < 200 || Number(s) >= 400)
      .map(([s, c]) => `${s}×${c}`)
      .join(' ');
    rows.push(
      `| ${action} | ${f1(n / duration)} | ${f1(pct(lat, 0.5))} | ${f1(p95)} (${f1(p95 / baseP95)}×) | ` +
        `${f1(p99)} (${f1(p99 / baseP99)}×) | ${bad}${badStatuses ? ` (${badStatuses})` : ''} |`,
    );
  }
  all.sort((a, b) => a - b);
  const rps = total / duration;
  console.log(
    `\n${run.members} members online (a live socket each, half on each instance), ${run.connections} HTTP ` +
      `connections in a closed loop, ${f1(duration)} s measured; ${run.cpu.cores} cores\n`,
  );
  console.log(
    `Baseline (bare Fastify GET /hello, ${run.connections} connections): ${int(base.rps)} req/s, p95 ` +
      `${base.p95 ?? '–'} ms, p99 ${base.p99} ms; at the end ${int(run.baselineLast.rps)} req/s (drift ` +
      `${f2(run.baselineLast.rps / base.rps)}).\n`,
  );
  console.log('| action | req/s | p50 ms | p95 ms (× baseline) | p99 ms (× baseline) | failed |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const r of rows) console.log(r);
  console.log(
    `| **all** | **${f1(rps)}** (${f2(rps / base.rps)} of baseline req/s) | ${f1(pct(all, 0.5))} | ` +
      `${f1(pct(all, 0.95))} (${f1(pct(all, 0.95) / baseP95)}×) | ${f1(pct(all, 0.99))} ` +
      `(${f1(pct(all, 0.99) / baseP99)}×) | ${non2xx}, connection errors ${errors} |`,
  );

  // Chat delivery on the live sockets.
  const acked = run.outputs.flatMap((o) => o.seqs);
  const counts = run.receivers.counts;
  let lost = 0;
  let duplicated = 0;
  for (const s of acked) {
    const c = counts[s] ?? 0;
    if (c === 0) lost++;
    else if (c > 1) duplicated++;
  }
  const lat = [...run.receivers.latencies].sort((a, b) => a - b);
  const st = run.receivers.stats;
  console.log(
    `\nChat: ${acked.length} messages acknowledged, ${st.deliveries} delivered live to the recipient ` +
      `(send→deliver p50 ${f1(pct(lat, 0.5))} ms, p95 ${f1(pct(lat, 0.95))} ms, p99 ${f1(pct(lat, 0.99))} ms), ` +
      `lost ${lost}, duplicated ${duplicated}, misdelivered ${st.misdelivered}; other live events ${st.other} ` +
      `(likes, credits, user changes: notifications), sockets dropped ${st.dropped}.`,
  );
  const p = run.payments;
  console.log(
    `Payments: ${p.payments} made, ${p.paid} paid, ${p.creditRows} credit rows; credited twice ${p.doubled}, ` +
      `paid but not credited ${p.missing}.`,
  );

  // Where the CPU went, and the capacity estimate.
  const c = run.cpu;
  const perReq = (s: number) => (s * 1000) / total;
  const stackMs = perReq(c.app + c.postgres + c.redis);
  console.log(
    `\nCPU over the measured ${f1(run.wall)} s (cores busy on average): app instances ${f2(c.app / run.wall)} ` +
      `(${c.appPerInstance.map((x) => f2(x / run.wall)).join(' + ')}), PostgreSQL backends of the bench database ` +
      `${f2(c.postgres / run.wall)}, Redis ${f2(c.redis / run.wall)} (shared with other users of the machine), load ` +
      `generators ${f2(c.workers / run.wall)}, whole machine ${f2(c.machine / run.wall)} of ${c.cores}.`,
  );
  console.log(
    `CPU per request: app ${f2(perReq(c.app))} ms, PostgreSQL ${f2(perReq(c.postgres))} ms, Redis ` +
      `${f2(perReq(c.redis))} ms; ${f2(stackMs)} ms in all.`,
  );
  const perCoreStack = ((1000 / stackMs) * 60) / run.reqPerMin;
  const perCoreApp = ((1000 / perReq(c.app)) * 60) / run.reqPerMin;
  const parts: [string, number][] = [
    ['the app instances (Node.js, one core each at most)', c.app],
    ['PostgreSQL', c.postgres],
    ['Redis', c.redis],
  ];
  parts.sort((a, b) => b[1] - a[1]);
  const busiestInstance = Math.max(...c.appPerInstance) / run.wall;
  console.log(
    `Capacity at ${run.reqPerMin} API calls per member per minute (one every ${f1(60 / run.reqPerMin)} s while ` +
      `online): about ${int(perCoreStack)} members online per core of the whole stack (app + PostgreSQL + Redis), ` +
      `${int(perCoreApp)} per core given to the app alone. Saturates first: ${parts[0]![0]} ` +
      `(${Math.round((parts[0]![1] / (c.app + c.postgres + c.redis)) * 100)} % of the stack's CPU; busiest instance ` +
      `at ${f2(busiestInstance)} of its one core).`,
  );
  return (
    errors > 0 ||
    non2xx > 0 ||
    lost > 0 ||
    duplicated > 0 ||
    st.misdelivered > 0 ||
    p.doubled > 0 ||
    p.missing > 0
  );
}
