import http from 'node:http';
import type { AppMetrics } from './metrics';

/**
 * The Prometheus text on a port of its own (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless a scraper elsewhere
 * must reach it): nothing but GET /metrics, never reachable through the public port or the proxy in front of it.
 */
export function serveMetrics(metrics: AppMetrics, host: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
