/**
 * The bench's floor: a bare Fastify app (the product's own fastify package, so the same version) with one route,
 * GET /hello answering {"hello":"world"}. bench/http.ts starts it as a child process, like the real server, and
 * loads it with the same settings to turn every endpoint's req/s into a ratio that compares across machines.
 *   PORT=3000 HOST=127.0.0.1 node --import tsx bench/baseline-server.ts
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' });
