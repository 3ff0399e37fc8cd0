import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { AdminExport } from '../../../shared/schemas/data-export';
import { consents, dataExports, outbox, sessions, staffAuditLog, users } from '../../db/schema';
import type { MediaStorage } from '../../lib/storage';
import { CLIENT, createMember, lastMail, type TestMember } from '../../test/factories';
import { signInStaff, signInStaffAs } from '../../test/staff';
import { type TestContext, withTestSite } from '../../test/test-app';
import { seedMemberData, testStorage } from './data-export.fixtures';
import { type ClaimedExport, claimDueExports, MAX_ATTEMPTS, markReady } from './data-export.repo';
import { prepareDueExports, sweepExpiredExports } from './data-export.service';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;
const deps = () => ({
  db: db(),
  storage: testStorage(ctx),
  keepDays: 7,
  links: { publicUrl: 'http://localhost:3000', defaultSiteDomain: 'localhost' },
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { host: domain, ...CLIENT, ...(cookie ? { cookie } : {}) },
    ...(method === 'POST' ? { payload: {} } : {}),
  });

/** Prepares what is pending (the job's run) until nothing is left. */
async function runJob(): Promise<number> {
  let n = 0;
  for (let ready = await prepareDueExports(deps()); ready > 0; ready = await prepareDueExports(deps()))
    n += ready;
  return n;
}

async function download(member: TestMember) {
  const status = (await call('GET', '/api/data-export.php', member.cookie)).json();
  expect(status.export.state).toBe('ready');
  const res = await call('GET', status.export.download_url, member.cookie);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename=".+-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return { status, files: unzipSync(new Uint8Array(res.rawPayload)) };
}

describe('member data export (issue 23, point 2)', () => {
  it('prepares a zip of the member’s data in the background, mails the member, and downloads it', async () => {
    const a = await createMember(ctx, domain, { language: 'nl' });
    const b = await createMember(ctx, domain);
    const c = await createMember(ctx, domain);
    const seeded = await seedMemberData(ctx, a.id, b.id, c.id);
    // The consent given at signup withdrawn, then given again: both rows belong in the export.
    const withdrawnAt = new Date(Date.now() + 1000);
    await db().update(consents).set({ withdrawnAt }).where(eq(consents.userId, a.id));
    await db()
      .insert(consents)
      .values({ userId: a.id, kind: 'sensitive_data', version: 1, givenAt: new Date(Date.now() + 2000) });
    await db()
      .insert(consents)
      .values({ userId: b.id, kind: 'sensitive_data', version: 1, givenAt: new Date(Date.now() + 2000) })
      .onConflictDoNothing();

    const asked = await call('POST', '/api/data-export.php', a.cookie);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ export: { state: 'preparing', download_url: null } });
    // One in preparation at a time.
    const again = await call('POST', '/api/data-export.php', a.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('data_export_pending');

    expect(await runJob()).toBeGreaterThanOrEqual(1);
    const mail = await lastMail(ctx, a.email);
    expect(mail.subject).toContain('staan klaar');
    expect(mail.text).toContain(`https://${domain}/notifications#data-export`);

    const { status, files } = await download(a);
    expect(status.next_request_at).not.toBeNull();
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'profile.json',
        'messages.json',
        'credit_ledger.json',
        'payments.json',
        'sessions.json',
        'consents.json',
        `photos/${seeded.photoId}.jpg`,
      ]),
    );
    expect(Buffer.from(files[`photos/${seeded.photoId}.jpg`]!)).toEqual(seeded.photoBytes);
    const json = (name: string) => JSON.parse(strFromU8(files[`${name}.json`]!));
    expect(json('account')).toMatchObject({ id: a.id, email: a.email, language: 'nl' });
    expect(json('account')).not.toHaveProperty('password_hash');
    const messages = json('messages') as Array<{ direction: string; body: string; partner_id: number }>;
    expect(messages.map((m) => [m.direction, m.body, m.partner_id])).toEqual([
      ['sent', 'Hi from A to B', b.id],
      ['received', 'Hello back from B', b.id],
    ]);
    expect(json('payments')).toMatchObject([{ id: seeded.paymentId, status: 'paid', amount_minor: 1995 }]);
    expect(json('credit_ledger')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'purchase', idempotency_key: `payment:${seeded.paymentId}` }),
      ]),
    );
    expect(json('likes').given).toMatchObject([{ member_id: b.id }]);
    expect(
      json('likes')
        .received.map((l: { member_id: number }) => l.member_id)
        .sort(),
    ).toEqual([b.id, c.id].sort());
    expect(json('matches')).toMatchObject([{ member_id: b.id, member_name: b.name }]);
    expect(json('blocks')).toMatchObject([{ member_id: c.id }]);
    expect(json('sessions').length).toBeGreaterThanOrEqual(1);
    expect(strFromU8(files['README.txt']!)).toContain('messages.json: de berichten');
    expect(strFromU8(files['README.txt']!)).toContain('consents.json: je toestemmingen');
    const consentRows = json('consents') as Array<Record<string, unknown>>;
    expect(consentRows).toEqual([
      expect.objectContaining({
        kind: 'sensitive_data',
        version: 1,
        withdrawn_at: withdrawnAt.toISOString(),
      }),
      expect.objectContaining({ kind: 'sensitive_data', version: 1, withdrawn_at: null }),
    ]);
    for (const row of consentRows) {
      expect(row).not.toHaveProperty('user_id');
      expect(typeof row.given_at).toBe('string');
    }

    // Nothing secret, nothing of another member but id and name.
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    const [hashRow] = await db().select({ h: users.passwordHash }).from(users).where(eq(users.id, a.id));
    const tokenRows = await db()
      .select({ h: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, a.id));
    expect(everything).not.toContain(hashRow!.h!);
    for (const t of tokenRows) expect(everything).not.toContain(t.h);
    expect(everything).not.toContain('token_hash');
    expect(everything).not.toContain('password_hash');
    expect(everything).not.toContain(b.email);
    expect(everything).not.toContain(c.email);
    expect(everything).not.toContain('Held message B never delivered');

    // A second request within the interval is refused with the hours to wait.
    const soon = await call('POST', '/api/data-export.php', a.cookie);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toMatchObject({ code: 'data_export_too_soon' });
    expect(soon.json().error.message).toMatch(/in 2[34] hours/);
  });

  it('downloads only with the member’s own session', async () => {
    const a = await createMember(ctx, domain);
    const other = await createMember(ctx, domain);
    await call('POST', '/api/data-export.php', a.cookie);
    await runJob();
    const url = (await call('GET', '/api/data-export.php', a.cookie)).json().export.download_url as string;
    expect((await call('GET', url, a.cookie)).statusCode).toBe(200);
    expect((await call('GET', url, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(403);
    expect((await call('GET', '/api/data-export.php')).statusCode).toBe(403);
    // The file is never a /media file, whoever asks.
    const [row] = await db().select().from(dataExports).where(eq(dataExports.userId, a.id));
    expect(row!.storageKey).toMatch(/^exports\/\d+\/[0-9a-f]{32}\.zip$/);
    const media = await ctx.app.inject({
      method: 'GET',
      url: `/media/${row!.storageKey}`,
      headers: { host: domain, cookie: a.cookie },
    });
    expect(media.statusCode).toBe(404);
  });

  it('expires: the sweep deletes the file, the state says expired, the link is 404, a new request is possible', async () => {
    const a = await createMember(ctx, domain);
    await call('POST', '/api/data-export.php', a.cookie);
    await runJob();
    const [row] = await db().select().from(dataExports).where(eq(dataExports.userId, a.id));
    const storage = testStorage(ctx);
    expect(await storage.get(row!.storageKey!)).toBeDefined();
    const url = `/api/data-export-file.php?id=${row!.id}`;

    // Past its expiry: refused at once, before the sweep came by.
    await db()
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(dataExports.id, row!.id));
    expect((await call('GET', '/api/data-export.php', a.cookie)).json().export.state).toBe('expired');
    expect((await call('GET', url, a.cookie)).statusCode).toBe(404);

    expect(await sweepExpiredExports(db(), storage)).toBeGreaterThanOrEqual(1);
    expect(await storage.get(row!.storageKey!)).toBeUndefined();
    const [after] = await db().select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(after!.status).toBe('expired');
    expect((await call('GET', '/api/data-export.php', a.cookie)).json()).toMatchObject({
      export: { state: 'expired', download_url: null },
      next_request_at: null,
    });
    expect((await call('POST', '/api/data-export.php', a.cookie)).json().export.state).toBe('preparing');
  });
});

describe('the data-export job on several instances', () => {
  it('prepares each export once when two workers run at the same time', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => createMember(ctx, domain)));
    for (const m of members)
      expect((await call('POST', '/api/data-export.php', m.cookie)).statusCode).toBe(200);
    const [one, two] = await Promise.all([prepareDueExports(deps(), 10), prepareDueExports(deps(), 10)]);
    expect(one + two).toBeGreaterThanOrEqual(members.length);
    for (const m of members) {
      const rows = await db().select().from(dataExports).where(eq(dataExports.userId, m.id));
      expect(rows).toMatchObject([{ status: 'ready', attempts: 1 }]);
      const zips = await readdir(path.join(ctx.dataDir, 'media', 'exports', String(m.id)));
      expect(zips).toHaveLength(1);
      const mails = await db()
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'to' = ${m.email} and ${outbox.payload}->>'type' = 'data_export'`);
      expect(mails).toHaveLength(1);
    }
  });

  it('a claim whose lease ran out is taken over; the first worker can no longer finish it', async () => {
    const m = await createMember(ctx, domain);
    await call('POST', '/api/data-export.php', m.cookie);
    const mine = (list: ClaimedExport[]) => list.find((c) => c.userId === m.id);
    const first = mine(await claimDueExports(db(), 100));
    expect(first).toMatchObject({ attempts: 1 });
    // Leased: nobody else takes it.
    expect(mine(await claimDueExports(db(), 100))).toBeUndefined();
    await db()
      .update(dataExports)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, first!.id));
    const second = mine(await claimDueExports(db(), 100));
    expect(second).toMatchObject({ id: first!.id, attempts: 2 });
    const file = { key: 'exports/0/x.zip', size: 1, expiresAt: new Date(Date.now() + 86_400_000) };
    expect(await markReady(db(), first!, file)).toBe(false);
    expect(await markReady(db(), second!, { ...file, key: `exports/${m.id}/${first!.id}.zip` })).toBe(true);
  });

  it('gives up after a few failed attempts; a failed export does not hold the member back', async () => {
    const m = await createMember(ctx, domain);
    await call('POST', '/api/data-export.php', m.cookie);
    const [row] = await db().select().from(dataExports).where(eq(dataExports.userId, m.id));
    const real = testStorage(ctx);
    const failingPut: MediaStorage = {
      get: (key) => real.get(key),
      put: async () => {
        throw new Error('storage down');
      },
      remove: (key) => real.remove(key),
      ping: () => real.ping(),
    };
    const broken = { ...deps(), storage: failingPut };
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await db()
        .update(dataExports)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(dataExports.id, row!.id));
      await prepareDueExports(broken, 100);
    }
    const [failed] = await db().select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'storage down' });
    const status = (await call('GET', '/api/data-export.php', m.cookie)).json();
    expect(status).toMatchObject({ export: { state: 'failed' }, next_request_at: null });
    expect((await call('POST', '/api/data-export.php', m.cookie)).statusCode).toBe(200);
  });
});

describe('staff exports (issue 22, point 6)', () => {
  it('an admin asks for and downloads a member’s export, audited; the member is not mailed', async () => {
    const a = await createMember(ctx, domain);
    const { staff, headers } = await signInStaffAs(ctx.app, 'admin');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/member-export.php',
      headers,
      payload: { member: a.id },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ state: 'preparing', requested_by: 'staff' });
    // The member's own request is not held back by the staff one.
    expect((await call('POST', '/api/data-export.php', a.cookie)).statusCode).toBe(200);
    await runJob();
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/member-export.php?member=${a.id}`,
      headers,
    });
    const staffExport = (list.json().exports as AdminExport[]).find((e) => e.requested_by === 'staff')!;
    expect(staffExport).toMatchObject({ state: 'ready' });
    const file = await ctx.app.inject({ method: 'GET', url: staffExport.download_url!, headers });
    expect(file.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(file.rawPayload)))).toContain('account.json');
    const mails = await db()
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${a.email} and ${outbox.payload}->>'type' = 'data_export'`);
    expect(mails).toHaveLength(1); // the member's own request only
    const audit = await db().select().from(staffAuditLog).where(eq(staffAuditLog.staffId, staff.id));
    expect(
      audit.filter((r) => r.action.startsWith('member.export.')).map((r) => [r.action, r.targetId]),
    ).toEqual([
      ['member.export.request', String(a.id)],
      ['member.export.download', String(a.id)],
    ]);
    // The member cannot fetch the staff copy through the member route.
    expect((await call('GET', `/api/data-export-file.php?id=${staffExport.id}`, a.cookie)).statusCode).toBe(
      404,
    );
    // A moderator may not.
    const moderator = await signInStaff(ctx.app, 'moderator');
    for (const [method, url] of [
      ['GET', `/api/admin/member-export.php?member=${a.id}`],
      ['GET', staffExport.download_url!],
    ] as const)
      expect((await ctx.app.inject({ method, url, headers: moderator })).statusCode).toBe(403);
  });
});
