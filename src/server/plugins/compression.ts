import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them costs more time than the bytes it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Compresses dynamic answers (JSON, the HTML shell) with brotli or gzip as the client accepts, with
 * `Vary: Accept-Encoding`. Static assets are not compressed here: the build writes `.br`/`.gz` copies at the
 * highest quality and the static server sends those (plugins/spa.ts, `preCompressed`); @fastify/compress leaves an
 * answer that already has a Content-Encoding alone. Off with COMPRESS_RESPONSES=false when a proxy in front
 * compresses (docs/operations.md). Request bodies are never decompressed: no client of ours sends them compressed,
 * and a compressed body would pass the body-size limit as a few kilobytes and inflate to gigabytes.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    // Brotli 4 is about as fast as gzip 6 and smaller; 11 is for build time, not for every answer.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
});
