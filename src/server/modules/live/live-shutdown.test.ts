import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE_SERVER_RESTART, LIVE_PATH } from '../../../shared/realtime';
import { createMember } from '../../test/factories';
import { buildTestApp } from '../../test/test-app';

it('an instance that shuts down closes its sockets with the reconnect hint (1012), and counts them before', async () => {
  const ctx = await buildTestApp();
  let closed = false;
  try {
    const { domain } = await ctx.createSite();
    const member = await createMember(ctx, domain, { name: 'Lotte' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, {
      headers: { host: domain, origin: `https://${domain}`, cookie: member.cookie },
    });
    const closeCode = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

    expect(await ctx.app.metrics.registry.getSingleMetricAsString('amora_live_connections')).toMatch(
      /amora_live_connections 1$/m,
    );

    const started = Date.now();
    await ctx.app.close();
    closed = true;
    expect(await closeCode).toBe(LIVE_CLOSE_SERVER_RESTART);
    expect(Date.now() - started).toBeLessThan(3_000);
  } finally {
    if (!closed) await ctx.app.close();
    await ctx.close();
  }
}, 60_000);
