import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from '../../../scripts/precompress-assets';
import { RULES } from '../../shared/rules';
import { buildTestApp, type TestContext } from '../test/test-app';

// A built web app in miniature: the shell and a main chunk big enough to compress, one asset too small to.
const mainChunk = Array.from(
  { length: 400 },
  (_, i) =>
    `export function screen${i}(props){return createElement("div",{className:"screen-${i}"},props.children)}`,
).join('\n');
const shell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Amora</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(30)}</head><body><div id="root"></div><script type="module" src="/assets/index-main.js"></script></body></html>`;

let webDir: string;
let ctx: TestContext;
let domain: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'amora-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), shell);
  await writeFile(path.join(webDir, 'assets', 'index-main.js'), mainChunk);
  await writeFile(path.join(webDir, 'assets', 'tiny.js'), 'export const a=1;');
  await writeFile(
    path.join(webDir, 'assets', 'index-main.js.map'),
    JSON.stringify({ mappings: 'A'.repeat(5000) }),
  );
  await precompressDir(webDir);
  ctx = await buildTestApp({ WEB_DIST_DIR: webDir });
  domain = (await ctx.createSite()).domain;
});

afterAll(async () => {
  await ctx?.close();
  await rm(webDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { host: domain, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });
}

describe('precompressDir (the build step)', () => {
  it('writes .br and .gz beside compressible files above the floor, and none for small files or source maps', async () => {
    const files = await readdir(path.join(webDir, 'assets'));
    expect(files).toContain('index-main.js.br');
    expect(files).toContain('index-main.js.gz');
    expect(files).not.toContain('tiny.js.br');
    expect(files).not.toContain('index-main.js.map.br');
    expect(Buffer.byteLength('export const a=1;')).toBeLessThan(PRECOMPRESS_MIN_BYTES);
  });
});

describe('static assets on the wire', () => {
  it('sends the main chunk brotli-compressed to a client that accepts br, and it decodes to the file', async () => {
    const res = await get('/assets/index-main.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(mainChunk) / 4);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(mainChunk);
    // The copy the build made at the highest quality, not one compressed again for every request.
    expect(res.rawPayload.equals(await readFile(path.join(webDir, 'assets', 'index-main.js.br')))).toBe(true);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-main.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(mainChunk);
    expect(res.rawPayload.equals(await readFile(path.join(webDir, 'assets', 'index-main.js.gz')))).toBe(true);
  });

  it('sends the file as it is to a client that accepts no encoding, still varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-main.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.payload).toBe(mainChunk);
    }
  });
});

describe('dynamic answers on the wire', () => {
  it('compresses the HTML shell of an app route', async () => {
    const res = await get('/members', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await get('/members');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The shell as sent: the built index.html with the page's head tags written in by the server (modules/seo).
    expect(plain.payload).toContain(shell.slice(shell.indexOf('<body>')));
    expect(plain.payload).toContain('<meta name="description"');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.payload);
  });

  it('compresses a JSON answer above the floor and decodes to the same JSON as the plain answer', async () => {
    const plain = await get('/api/interests.php');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/api/interests.php', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/api/interests.php', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers uncompressed', async () => {
    const res = await get('/api/user.php', 'br, gzip');
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate compressed request bodies', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: {
        host: domain,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        [RULES.http.requestTypeHeader]: RULES.http.requestTypeValue,
      },
      payload: zlib.gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x' })),
    });
    // Inflated, it would be a login attempt (refused for the password); as it is, the bytes are no JSON.
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('fst_err_ctp_invalid_json_body');
  });
});
