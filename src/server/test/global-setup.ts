import { openDatabase } from '../db/client';

/** With DATABASE_URL set, migrate the real PostgreSQL once before the workers start (PGlite migrates per file). */
export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}
