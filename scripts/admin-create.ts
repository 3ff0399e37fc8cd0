/**
 * Creates a staff admin: `npm run admin:create -- --email x@y [--name N] [--secret-out file] [--include-password]`.
 * The password comes from ADMIN_PASSWORD, else it is asked on the terminal, else the command refuses. Runs the
 * migrations first. On the embedded database (PGlite, DATABASE_URL unset) stop the server first: PGlite allows one
 * process per data folder. Prints the TOTP enrolment (otpauth URI and a QR code for an authenticator app).
 * docs/operations.md, "Staff accounts".
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createAdmin, parseAdminCreateArgs, UsageError } from '../src/server/modules/staff/admin-create';

/** Asks for a line on the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY)
    throw new UsageError('no password: set ADMIN_PASSWORD or run this on a terminal to be asked (there is no default)');
  const first = await askHidden('Password for the new admin: ');
  const again = await askHidden('The same password again: ');
  if (first !== again) throw new UsageError('the passwords differ');
  return first;
}

async function main(): Promise<void> {
  const args = parseAdminCreateArgs(process.argv.slice(2));
  const password = await readPassword();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    for (const admin of args.admins) {
      const created = await createAdmin(database.db, admin, password, args.includePassword);
      console.log(`Admin ${admin.email} created (staff id ${created.staffId}).`);
      if (admin.secretOut) {
        // Automation: the secret goes to the file only, not to the output (CI logs).
        console.log(`TOTP secret written to ${admin.secretOut} (mode 600).`);
        continue;
      }
      console.log('Scan this code with an authenticator app (or enter the URI by hand); it is shown only now:');
      console.log(created.qr);
      console.log(created.otpauthUri);
    }
    console.log('Sign in at /admin with the e-mail address, the password and a code of the app.');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`admin:create: ${err instanceof UsageError ? err.message : (err as Error).stack}`);
  process.exitCode = err instanceof UsageError ? 2 : 1;
});
