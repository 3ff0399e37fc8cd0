import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { signInAs, uniqueStaffEmail } from '../../test/staff';
import type { TestContext } from '../../test/test-app';
import { withTestSite } from '../../test/test-app';
import { createAdmin, parseAdminCreateArgs, UsageError } from './admin-create';

const run = promisify(execFile);

let ctx: TestContext;
withTestSite((c) => {
  ctx = c;
});

describe('admin:create arguments', () => {
  it('needs a valid e-mail address and pairs each --secret-out with an --email', () => {
    expect(() => parseAdminCreateArgs([])).toThrow(UsageError);
    expect(() => parseAdminCreateArgs(['--email', 'not-an-address'])).toThrow(UsageError);
    expect(() => parseAdminCreateArgs(['--email', 'a1@example.test', '--bogus'])).toThrow(UsageError);
    expect(() =>
      parseAdminCreateArgs(['--email', 'a1@example.test', '--email', 'b1@example.test', '--secret-out', 'x']),
    ).toThrow(UsageError);
    expect(() => parseAdminCreateArgs(['--email', 'a1@example.test', '--include-password'])).toThrow(
      UsageError,
    );
    const args = parseAdminCreateArgs(['--email', ' Boss@Example.TEST ', '--name', 'The Boss']);
    expect(args.admins).toEqual([{ email: 'boss@example.test', name: 'The Boss', secretOut: undefined }]);
  });
});

describe('admin:create', () => {
  it('refuses to run without a password (no ADMIN_PASSWORD, no terminal) and touches no database', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'amora-admin-create-'));
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'test',
      };
      delete env.ADMIN_PASSWORD;
      const failure = await run(
        process.execPath,
        ['--import', 'tsx', 'scripts/admin-create.ts', '--email', 'nopassword@example.test'],
        { env, cwd: process.cwd() },
      ).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failure?.code).toBe(2);
      expect(failure?.stderr).toContain('no password');
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a short or common password', async () => {
    const admin = { email: uniqueStaffEmail('admin'), name: 'Admin', secretOut: undefined };
    await expect(createAdmin(ctx.app.db, admin, 'short')).rejects.toThrow(UsageError);
    await expect(createAdmin(ctx.app.db, admin, 'passwordpassword')).rejects.toThrow(UsageError);
  });

  it('creates an admin who signs in with the TOTP secret written to a mode-600 file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'amora-admin-secret-'));
    try {
      const email = uniqueStaffEmail('first-admin');
      const secretOut = path.join(dir, 'staff', 'admin.json');
      const password = 'Copper-Meadow-Lighthouse-3';
      const created = await createAdmin(ctx.app.db, { email, name: 'First Admin', secretOut }, password);
      expect(created.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
      expect(created.qr.length).toBeGreaterThan(100);
      expect((await stat(secretOut)).mode & 0o777).toBe(0o600);
      const saved = JSON.parse(await readFile(secretOut, 'utf8')) as Record<string, string>;
      expect(Object.keys(saved).sort()).toEqual(['email', 'totpSecret']);
      expect(created.otpauthUri).toContain(`secret=${saved.totpSecret}`);

      const headers = await signInAs(ctx.app, {
        id: created.staffId,
        email,
        name: 'First Admin',
        role: 'admin',
        password,
        totpSecret: saved.totpSecret ?? '',
      });
      const me = await ctx.app.inject({ method: 'GET', url: '/api/admin/me.php', headers });
      expect(me.json().staff).toMatchObject({ email, role: 'admin', name: 'First Admin' });

      await expect(
        createAdmin(ctx.app.db, { email, name: 'Again', secretOut: undefined }, password),
      ).rejects.toThrow(/exists already/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
