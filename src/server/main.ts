import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { applyHeapGrowth } from './lib/heap-growth';
import { maskSecrets } from './lib/log-redaction';
import { serveMetrics } from './lib/metrics-server';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  applyHeapGrowth(config.heapGrowthPercent);
  // Job and start-up lines (mail sender, scheduler, pool errors) pass through the same masking as request logs.
  const log = (msg: string) => console.log(`[amora] ${maskSecrets(msg)}`);
  const running = await bootstrap(config, log);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready any more: the load balancer stops sending members here, while what it still sends is served.
    running.app.draining = true;
    const drainMs = config.shutdownDrainSeconds * 1000;
    log(`${signal}: draining for ${config.shutdownDrainSeconds} s, then closing`);
    const force = setTimeout(() => process.exit(1), drainMs + 10_000);
    force.unref();
    if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await running.app.listen({ port: config.port, host: config.host });
  if (config.metrics.port !== undefined) {
    const metricsServer = await serveMetrics(running.app.metrics, config.metrics.host, config.metrics.port);
    running.app.addHook('onClose', (_app, done) => void metricsServer.close(() => done()));
    log(`metrics at http://${config.metrics.host}:${config.metrics.port}/metrics`);
  }
  log(`ready at ${config.publicUrl} (database: ${running.database.driver})`);
  if (config.serveUnknownHosts)
    log(
      `development: every host name that is no site's (127.0.0.1, a LAN address) gets the site ${config.defaultSiteDomain} (SERVE_UNKNOWN_HOSTS=false to refuse them as production does)`,
    );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
