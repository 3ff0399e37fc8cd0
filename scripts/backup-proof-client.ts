/**
 * The HTTP half of scripts/backup-proof.sh: talks to a running app only through its public API.
 *   node --import tsx scripts/backup-proof-client.ts seed   <base url> <expectations.json>
 *   node --import tsx scripts/backup-proof-client.ts verify <base url> <expectations.json>
 * seed: signs members up (the activation link is read from the outbox of PROOF_DATABASE_URL, as the mail would
 * bring it), each pays a credit bundle through the built-in test provider, uploads a photo, and pairs write to each
 * other; what was made is written to the expectations file. verify (against the app started on the restored
 * database and photo folder): every member signs in with their password, their old session still works, each sees
 * their payment paid with its credits, each conversation holds the same messages in the same order, and each photo
 * is served with the same bytes. Exits 1 at the first difference.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';
import sharp from 'sharp';
import { messagesResponseSchema, sendMessageResponseSchema } from '../src/shared/schemas/chat';
import {
  createPaymentResponseSchema,
  creditsResponseSchema,
  transactionsResponseSchema,
} from '../src/shared/schemas/payments';
import { ownPhotoResponseSchema, ownPhotosResponseSchema } from '../src/shared/schemas/photos';

const PASSWORD = 'Velvet-Harbour-42';
const MEMBERS = Number(process.env.PROOF_MEMBERS ?? 6);
const MESSAGES_PER_SIDE = 3;

interface SeededMember {
  id: number;
  email: string;
  cookie: string;
  payment: { id: number; credits: number; amount: number };
  photo: { id: number; url: string; sha256: string };
}
interface SeededConversation {
  id: number;
  members: [number, number];
  texts: string[];
}
interface Expectations {
  members: SeededMember[];
  conversations: SeededConversation[];
}

function fail(msg: string): never {
  console.error(`backup-proof: FAILED: ${msg}`);
  process.exit(1);
}

function client(base: string) {
  return async (
    method: string,
    url: string,
    opts: { cookie?: string; json?: unknown; body?: BodyInit } = {},
  ) => {
    // The base URL's host name must be the site's (localhost): fetch sends the URL's host, not a Host header.
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = opts.cookie;
    if (method !== 'GET') headers['x-request-type'] = 'client';
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    return fetch(new URL(url, base), {
      method,
      headers,
      redirect: 'manual',
      body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
    });
  };
}
type Call = ReturnType<typeof client>;

async function ok(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  if (res.status !== 200) fail(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

function sessionCookie(res: Response): string {
  const c = res.headers.getSetCookie().find((x) => x.startsWith('auth._token='));
  if (!c) fail(`no session cookie (status ${res.status})`);
  return c.split(';')[0]!;
}

const sha256 = (buf: ArrayBuffer) => createHash('sha256').update(Buffer.from(buf)).digest('hex');

async function activationLink(db: pg.Client, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await db.query<{ text: string }>(
      `select payload->>'text' as text from outbox where payload->>'to' = $1 order by id desc limit 1`,
      [email],
    );
    const m = rows[0]?.text.match(/https?:\/\/\S+/);
    if (m) return m[0];
    await new Promise((r) => setTimeout(r, 100));
  }
  fail(`no activation mail for member ${email.split('@')[0]}`);
}

async function seedMember(call: Call, db: pg.Client, n: number): Promise<SeededMember> {
  const email = `proof-${randomBytes(5).toString('hex')}-${n}@example.org`;
  const signup = await call('POST', '/api/signup.php', {
    json: {
      email,
      name: `Proof${n}${randomBytes(2).toString('hex')}`,
      password: PASSWORD,
      date_of_birth: '1990-05-17',
      language: 'en',
      sensitive_consent: true,
    },
  });
  const cookie = sessionCookie(signup);
  const user = (await ok(signup, 'signup')) as { user: { id: number } };
  const link = new URL(await activationLink(db, email));
  const act = await call('GET', link.pathname + link.search);
  if (act.headers.get('location') !== '/activate/done') fail(`activation answered ${act.status}`);

  const catalogue = creditsResponseSchema.parse(
    await ok(await call('GET', '/api/credits.php', { cookie }), 'credits'),
  );
  const bundle = catalogue.bundles[n % catalogue.bundles.length]!;
  const method = catalogue.methods.includes('ideal') ? 'ideal' : catalogue.methods[0]!;
  const created = createPaymentResponseSchema.parse(
    await ok(
      await call('POST', '/api/payment.php', { cookie, json: { bundle_id: bundle.id, method } }),
      'payment',
    ),
  ).payment;
  const checkout = new URL(created.checkout_url ?? fail('payment without a checkout URL'));
  const paid = await call('POST', checkout.pathname, {
    body: new URLSearchParams({ outcome: 'paid' }),
  });
  if (paid.status !== 303) fail(`test checkout answered ${paid.status}`);

  const jpeg = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 40 + n * 30, g: 120, b: 200 - n * 20 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `proof-${n}.jpg`);
  const photo = ownPhotoResponseSchema.parse(
    await ok(await call('POST', '/api/photos.php', { cookie, body: form }), 'photo upload'),
  ).photo;
  const stored = await call('GET', photo.filename, { cookie });
  if (stored.status !== 200) fail(`own photo answered ${stored.status}`);
  return {
    id: user.user.id,
    email,
    cookie,
    payment: { id: created.id, credits: created.credits, amount: created.amount },
    photo: { id: photo.id, url: photo.filename, sha256: sha256(await stored.arrayBuffer()) },
  };
}

async function seed(base: string, file: string): Promise<void> {
  const call = client(base);
  const db = new pg.Client({ connectionString: process.env.PROOF_DATABASE_URL });
  await db.connect();
  const members: SeededMember[] = [];
  try {
    for (let n = 0; n < MEMBERS; n++) members.push(await seedMember(call, db, n));
  } finally {
    await db.end();
  }
  const conversations: SeededConversation[] = [];
  for (let i = 0; i + 1 < members.length; i += 2) {
    const [a, b] = [members[i]!, members[i + 1]!];
    const opened = (await ok(
      await call('POST', '/api/conversation.php', { cookie: a.cookie, json: { member: b.id } }),
      'conversation',
    )) as { conversation: { id: number } };
    const id = opened.conversation.id;
    const texts: string[] = [];
    for (let k = 0; k < MESSAGES_PER_SIDE; k++) {
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const text = `proof ${from.id}→${to.id} #${k} ${randomUUID()}`;
        sendMessageResponseSchema.parse(
          await ok(
            await call('POST', '/api/message.php', {
              cookie: from.cookie,
              json: { conversation: id, client_id: randomUUID(), kind: 'text', text },
            }),
            'message',
          ),
        );
        texts.push(text);
      }
    }
    conversations.push({ id, members: [a.id, b.id], texts });
  }
  // Payments settle through the webhook the test checkout called; wait until each is paid before the backup.
  for (const m of members) await paidPayment(call, m);
  const expectations: Expectations = { members, conversations };
  await writeFile(file, JSON.stringify(expectations, null, 2), { mode: 0o600 });
  console.log(
    `backup-proof: seeded ${members.length} members (each a paid payment and a photo), ${conversations.length} conversations, ${conversations.reduce((s, c) => s + c.texts.length, 0)} messages`,
  );
}

async function paidPayment(call: Call, m: SeededMember) {
  for (let i = 0; i < 50; i++) {
    const list = transactionsResponseSchema.parse(
      await ok(await call('GET', '/api/transactions.php', { cookie: m.cookie }), 'transactions'),
    );
    const p = list.payments.find((x) => x.id === m.payment.id);
    if (!p) fail(`payment ${m.payment.id} of member ${m.id} is missing`);
    if (p.status === 'paid') return { list, payment: p };
    await new Promise((r) => setTimeout(r, 200));
  }
  fail(`payment ${m.payment.id} of member ${m.id} is not paid`);
}

async function allMessages(call: Call, cookie: string, conversation: number): Promise<string[]> {
  const seen: { id: number; text: string }[] = [];
  let before: number | undefined;
  for (;;) {
    const q = before ? `&before=${before}` : '';
    const page = messagesResponseSchema.parse(
      await ok(
        await call('GET', `/api/messages.php?conversation=${conversation}${q}`, { cookie }),
        'messages',
      ),
    );
    seen.push(...page.messages.map((x) => ({ id: x.id, text: x.text ?? '' })));
    if (!page.has_more || page.messages.length === 0) break;
    before = Math.min(...page.messages.map((x) => x.id));
  }
  return seen.sort((x, y) => x.id - y.id).map((x) => x.text);
}

async function verify(base: string, file: string): Promise<void> {
  const call = client(base);
  const { members, conversations } = JSON.parse(await readFile(file, 'utf8')) as Expectations;
  const fresh = new Map<number, string>();
  for (const m of members) {
    // The session made before the backup is still valid (sessions are in the database).
    const me = (await ok(await call('GET', '/api/user.php', { cookie: m.cookie }), 'user')) as {
      user: { id: number } | null;
    };
    if (me.user?.id !== m.id) fail(`member ${m.id}: the old session does not sign in`);
    const login = await call('POST', '/api/user.php', { json: { email: m.email, password: PASSWORD } });
    const cookie = sessionCookie(login);
    const user = (await ok(login, 'login')) as { user: { id: number } };
    if (user.user.id !== m.id) fail(`member ${m.id}: signed in as ${user.user.id}`);
    fresh.set(m.id, cookie);

    const { list, payment } = await paidPayment(call, { ...m, cookie });
    if (list.payments.length !== 1) fail(`member ${m.id}: ${list.payments.length} payments, expected 1`);
    if (payment.credits !== m.payment.credits || payment.amount !== m.payment.amount)
      fail(`member ${m.id}: payment ${payment.id} changed (${payment.credits} credits, ${payment.amount})`);

    const photos = ownPhotosResponseSchema.parse(
      await ok(await call('GET', '/api/photos.php', { cookie }), 'photos'),
    );
    const photo = photos.photos.find((p) => p.id === m.photo.id);
    if (!photo || photos.photos.length !== 1) fail(`member ${m.id}: photos ${JSON.stringify(photos.photos)}`);
    const bytes = await call('GET', photo.filename, { cookie });
    if (bytes.status !== 200) fail(`member ${m.id}: photo answered ${bytes.status}`);
    if (sha256(await bytes.arrayBuffer()) !== m.photo.sha256) fail(`member ${m.id}: photo bytes differ`);
  }
  let count = 0;
  for (const c of conversations) {
    for (const memberId of c.members) {
      const got = await allMessages(call, fresh.get(memberId)!, c.id);
      if (JSON.stringify(got) !== JSON.stringify(c.texts))
        fail(
          `conversation ${c.id} as member ${memberId}: ${got.length} messages, expected ${c.texts.length}`,
        );
    }
    count += c.texts.length;
  }
  console.log(
    `backup-proof: after restore ${members.length} members sign in (old and new sessions), each with the same paid payment and photo bytes; ${conversations.length} conversations hold all ${count} messages in order`,
  );
}

const [mode, base, file] = process.argv.slice(2);
if (!base || !file || (mode !== 'seed' && mode !== 'verify'))
  fail('usage: backup-proof-client.ts seed|verify <base url> <expectations.json>');
await (mode === 'seed' ? seed(base, file) : verify(base, file));
