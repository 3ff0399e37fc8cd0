/**
 * The dataset of bench/journey.ts in a database of its own (bench_journey by default): active members with a
 * confirmed address and a password (one argon2 hash shared by all: the sign-ins verify it as real ones do), a
 * searchable profile each, disjoint pairs with a conversation, and a session per member. Every run starts from the
 * same state: the earlier runs' messages, likes, passes, payments, notifications, mail and sessions are removed.
 */
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/lib/passwords';
import { hashToken, newToken } from '../../src/server/lib/tokens';
import { ensureDefaultSite } from '../../src/server/modules/sites/sites.service';
import type { JourneyMember } from './journey-worker';
import { inTransaction } from './pg-transaction';

export const JOURNEY_PASSWORD = 'Velvet-Harbour-42';
const EMAIL_DOMAIN = 'journey.bench.invalid';
const EMAIL_LIKE = `j-%@${EMAIL_DOMAIN}`;
const SESSION_AGENT = 'bench-journey';
export const JOURNEY_CREDITS = 1_000_000;

/** Creates the database of `databaseUrl` when it is missing (names of [a-z0-9_] only). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  if (name === 'test') throw new Error("the bench never uses the tests' database");
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** Migrations and the site for `domain` (what the app does at start), then its id. */
export async function prepareSchema(databaseUrl: string, domain: string): Promise<number> {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    await ensureDefaultSite(database.db, domain);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ id: string }>('select id from sites where domain = $1', [domain]);
    if (!r.rows[0]) throw new Error(`no site for ${domain}`);
    return Number(r.rows[0].id);
  } finally {
    await client.end();
  }
}

/** Seeds members (and their conversations) until there are at least `members`; answers how many it added. */
export async function seedMembers(pool: pg.Pool, siteId: number, members: number): Promise<number> {
  const n = Number(
    (await pool.query('select count(*) as n from users where email like $1', [EMAIL_LIKE])).rows[0]?.n,
  );
  if (n >= members) return 0;
  const hash = await hashPassword(JOURNEY_PASSWORD);
  await inTransaction(pool, async (client) => {
    await client.query('set local synchronous_commit = off');
    await client.query(
      `insert into users (site_id, email, status, language, credits, paid_user, signup_date, last_active_at,
                          email_confirmed_at, password_hash)
       select $1, 'j-' || i || '@' || $2, 'active', 'en', $3, true, now() - interval '100 days', now(),
              now() - interval '100 days', $5
       from generate_series($6::int + 1, $4::int) as i`,
      [siteId, EMAIL_DOMAIN, JOURNEY_CREDITS, members, hash, n],
    );
    await client.query(
      `insert into profiles (user_id, name, status, gender, seeking_gender, birth_date, country, niche,
                             invisible, last_active_at, searchable)
       select id, 'Member ' || id, 'active', case when id % 2 = 0 then 'male' else 'female' end,
              case when id % 2 = 0 then 'female' else 'male' end,
              (date '1975-01-01' + (id % 9000)::int)::date, 'US', 1, false, now(), true
       from users where email like $1 and not exists (select 1 from profiles p where p.user_id = users.id)`,
      [EMAIL_LIKE],
    );
    // Disjoint pairs of a man and a woman (ids n and n+1), each with a conversation and both its sides.
    await client.query(
      `with p as (select id as a, id + 1 as b from users where email like $1 and id % 2 = 0
                  and exists (select 1 from users u where u.id = users.id + 1 and u.email like $1)
                  and not exists (select 1 from conversation_members cm where cm.user_id in (users.id, users.id + 1))),
            c as (insert into conversations (user_low, user_high, started_by, created_at, last_message_at, started_at)
                  select a, b, a, now(), null, now() from p order by a
                  returning id, user_low, user_high)
       insert into conversation_members (conversation_id, user_id, partner_id)
       select id, user_low, user_high from c union all select id, user_high, user_low from c`,
      [EMAIL_LIKE],
    );
  });
  return members - n;
}

/** Puts the dataset back as seeded: no messages, likes, passes, payments, notifications, mail or bench sessions. */
export async function resetState(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    // The bench's own database holds nothing else: whole tables go.
    await client.query(
      `truncate messages, likes, like_counts, profile_visits, swipe_passes, swipe_days, swipe_cursors,
                notifications, outbox, credit_ledger, payments, test_provider_payments cascade`,
    );
    await client.query('update users set credits = $1 where email like $2 and credits <> $1', [
      JOURNEY_CREDITS,
      EMAIL_LIKE,
    ]);
    await client.query(
      `update conversation_members set last_message_id = 0, last_message_at = null, last_read_message_id = 0,
              unread = 0, cleared_message_id = 0 where last_message_id <> 0 or cleared_message_id <> 0`,
    );
    await client.query('update conversations set last_message_at = null where last_message_at is not null');
    await client.query('delete from sessions');
  });
  await pool.query('vacuum analyze');
}

/** The first `members` members (whole pairs) with a fresh session each, their conversation and partner. */
export async function journeyMembers(pool: pg.Pool, members: number): Promise<JourneyMember[]> {
  const r = await pool.query<{ id: string; email: string; conversation: string; partner: string }>(
    `select u.id, u.email, cm.conversation_id as conversation, cm.partner_id as partner
     from users u join conversation_members cm on cm.user_id = u.id
     where u.email like $1 and cm.conversation_id in
       (select c.id from conversations c join users l on l.id = c.user_low where l.email like $1
        order by c.id limit $2)
     order by u.id`,
    [EMAIL_LIKE, Math.floor(members / 2)],
  );
  const tokens = r.rows.map(() => newToken());
  await pool.query(
    `insert into sessions (user_id, token_hash, user_agent, country, expires_at)
     select u, h, $3, null, now() + interval '6 hours' from unnest($1::bigint[], $2::text[]) as t(u, h)`,
    [r.rows.map((row) => row.id), tokens.map(hashToken), SESSION_AGENT],
  );
  return r.rows.map((row, i) => ({
    id: Number(row.id),
    email: row.email,
    cookie: `auth._token=${tokens[i]}; i18n_redirected=en`,
    conversation: Number(row.conversation),
    partner: Number(row.partner),
  }));
}

/** What the run bought: paid payments and their credit rows (exactly one `payment:<id>` row each when all is well). */
export async function paymentCheck(
  pool: pg.Pool,
): Promise<{ payments: number; paid: number; creditRows: number; doubled: number; missing: number }> {
  const r = await pool.query<{
    payments: string;
    paid: string;
    rows: string;
    doubled: string;
    missing: string;
  }>(
    `with l as (select idempotency_key as k, count(*) as n from credit_ledger
                where idempotency_key ~ '^payment:[0-9]+$' group by 1)
     select (select count(*) from payments) as payments,
            (select count(*) from payments where status = 'paid') as paid,
            (select coalesce(sum(n), 0) from l) as rows,
            (select count(*) from l where n > 1) as doubled,
            (select count(*) from payments p where p.status = 'paid'
               and not exists (select 1 from l where l.k = 'payment:' || p.id)) as missing`,
  );
  const row = r.rows[0]!;
  return {
    payments: Number(row.payments),
    paid: Number(row.paid),
    creditRows: Number(row.rows),
    doubled: Number(row.doubled),
    missing: Number(row.missing),
  };
}
