/**
 * Sends an operator's news or promotion to the members who asked for it:
 * `npm run notifications:broadcast -- <message.json>` (the shape: docs/notifications.md "News and promotions").
 * Queued once per member and key; the app's notification job sends them (e-mail and push, per preference).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { enqueueBroadcast } from '../src/server/modules/notifications/broadcast';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: npm run notifications:broadcast -- <message.json>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  const queued = await enqueueBroadcast(database.db, JSON.parse(await readFile(file, 'utf8')));
  console.log(`queued for ${queued} members`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}
