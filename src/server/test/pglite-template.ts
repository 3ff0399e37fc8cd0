import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR, openDatabase } from '../db/client';

/**
 * A migrated, empty PGlite database as a file, made once per set of migrations (tests/global-setup.ts), so that a
 * test file's database loads from it instead of running initdb and every migration again: on this 2-core machine
 * that took ~24 s per buildTestApp under load against ~4 s for the load. The name carries a hash of the migrations,
 * so a new or changed migration makes a new template.
 */
async function templatePath(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(MIGRATIONS_DIR, { recursive: true }))
    .filter((f) => /\.(sql|json)$/.test(f))
    .sort();
  for (const f of files) {
    hash.update(f);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, f)));
  }
  return path.join(os.tmpdir(), `amora-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Makes the template unless it exists (global set-up, before the test workers start). */
export async function ensurePgliteTemplate(): Promise<void> {
  const file = await templatePath();
  if (existsSync(file)) return;
  const database = await openDatabase({});
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await database.close();
  }
}

/**
 * The template's contents for PGlite's `loadDataDir`, or undefined when there is none (it migrates then).
 * `PGLITE_TEMPLATE=off` runs initdb and every migration per test database, as before (to compare, or to rule the
 * template out when a test behaves oddly).
 */
export async function pgliteTemplate(): Promise<Blob | undefined> {
  if (process.env.PGLITE_TEMPLATE === 'off') return undefined;
  const file = await templatePath();
  return existsSync(file) ? new Blob([await readFile(file)]) : undefined;
}
