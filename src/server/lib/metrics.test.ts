import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../jobs/scheduler';
import { buildTestApp, type TestContext, withTestSite } from '../test/test-app';
import { AppMetrics } from './metrics';
import { serveMetrics } from './metrics-server';

const TOKEN = 'x'.repeat(40);
let ctx: TestContext;
let domain: string;
withTestSite(
  (c, d) => {
    ctx = c;
    domain = d;
  },
  { METRICS_TOKEN: TOKEN },
);

async function scrape(authorization?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });
}

describe('GET /metrics on the app port', () => {
  it('answers 404 without the token or with a wrong one, and the Prometheus text with it', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape(`Bearer ${'y'.repeat(40)}`)).statusCode).toBe(404);
    expect((await scrape(TOKEN)).statusCode).toBe(404);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not there at all without METRICS_TOKEN', async () => {
    const bare = await buildTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('times requests by the route the router matched, never by the raw path', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: domain } });
    await ctx.app.inject({ method: 'GET', url: '/%61pi/settings.php', headers: { host: domain } });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-call-4711.php', headers: { host: domain } });
    const text = (await scrape(`Bearer ${TOKEN}`)).payload;
    expect(text).toMatch(
      /amora_http_request_duration_seconds_count\{method="GET",route="\/api\/settings\.php",status_class="2xx"\} [2-9]/,
    );
    expect(text).toMatch(/route="unmatched",status_class="4xx"/);
    expect(text).not.toContain('%61pi');
    expect(text).not.toContain('4711');
  });

  it('reports the process (event-loop lag, GC) and the backlogs read from the database', async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).payload;
    expect(text).toContain('amora_nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('amora_nodejs_gc_duration_seconds');
    expect(text).toMatch(/^amora_outbox_pending \d+$/m);
    expect(text).toMatch(/^amora_notifications_pending \d+$/m);
    expect(text).toMatch(/^amora_payments_unfinished\{status="open"\} \d+$/m);
    if (process.env.DATABASE_URL) expect(text).toMatch(/^amora_db_pool_connections\{state="idle"\} \d+$/m);
  });
});

describe('job metrics', () => {
  it('counts runs and failures of the periodic jobs', async () => {
    const metrics = new AppMetrics({ defaultMetrics: false });
    const scheduler = new Scheduler(
      () => {},
      (job, ok, s) => metrics.observeJob(job, ok, s),
    );
    let runs = 0;
    scheduler.start([
      { name: 'works', everyMs: 60_000, run: async () => void runs++ },
      { name: 'breaks', everyMs: 60_000, run: () => Promise.reject(new Error('boom')) },
    ]);
    await new Promise((r) => setTimeout(r, 700));
    await scheduler.stop();
    const text = await metrics.registry.metrics();
    expect(runs).toBe(1);
    expect(text).toContain('amora_job_runs_total{job="works",outcome="ok"} 1');
    expect(text).toContain('amora_job_runs_total{job="breaks",outcome="failed"} 1');
    expect(text).toContain('amora_job_duration_seconds_count{job="breaks"} 1');
  });
});

describe('METRICS_PORT', () => {
  it('serves only GET /metrics on a port of its own', async () => {
    const metrics = new AppMetrics({ defaultMetrics: false });
    metrics.liveConnections.set(3);
    const server = await serveMetrics(metrics, '127.0.0.1', 0);
    const { port } = server.address() as AddressInfo;
    try {
      const ok = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('amora_live_connections 3');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
