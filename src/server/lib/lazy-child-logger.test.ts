import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './lazy-child-logger';

function parent(level: string) {
  const lines: string[] = [];
  const logger = pino(
    { level },
    { write: (l: string) => void lines.push(l) },
  ) as unknown as FastifyBaseLogger;
  return { logger, lines, childSpy: vi.spyOn(logger, 'child') };
}

const make = (logger: FastifyBaseLogger) =>
  lazyChildLogger.call(
    undefined as never,
    logger,
    { reqId: 'req-1' },
    { level: logger.level },
    undefined as never,
  );

describe('lazyChildLogger', () => {
  it('makes no child for what the level leaves out, and one with the request id for a real line', () => {
    const { logger, lines, childSpy } = parent('warn');
    const log = make(logger);
    log.info('not logged');
    log.debug('not logged');
    expect(childSpy).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    log.error({ code: 'X' }, 'failed');
    log.warn('again');
    expect(childSpy).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([
      { reqId: 'req-1', code: 'X', msg: 'failed', level: 50 },
      { reqId: 'req-1', msg: 'again', level: 40 },
    ]);
    expect(log.level).toBe('warn');
  });

  it('gives a route with a log level of its own its child at once', () => {
    const { logger, childSpy } = parent('warn');
    lazyChildLogger.call(undefined as never, logger, { reqId: 'r' }, { level: 'debug' }, undefined as never);
    expect(childSpy).toHaveBeenCalledTimes(1);
  });
});
