import { openDatabase } from '../db/client';
import { ensurePgliteTemplate } from './pglite-template';

/**
 * Before the workers start: with DATABASE_URL set, migrate the real PostgreSQL once; on PGlite, make the migrated
 * template every test database loads from (test/pglite-template.ts).
 */
export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    await ensurePgliteTemplate();
    return;
  }
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}
