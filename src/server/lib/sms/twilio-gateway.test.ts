import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DropOutboxItem } from '../../jobs/outbox-sender';
import { type SmsGateway, SmsRejected } from './sms';
import { smsSender } from './sms-sender';
import { startTwilioFake, type TwilioFake } from './twilio-fake';
import { createTwilioGateway } from './twilio-gateway';

/** The Twilio gateway (the official `twilio` client) against a local fake of the Messages API. */
let fake: TwilioFake;
let gateway: SmsGateway;
const SENDER = 'Amora';

beforeAll(async () => {
  fake = await startTwilioFake();
  gateway = createTwilioGateway({
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    from: SENDER,
    baseUrl: fake.url,
    timeoutMs: 1_000,
  });
});
afterAll(async () => {
  await fake?.close();
});

const message = { to: '+31612345678', text: 'Amora: your code is 123456.' };

/** The error a send throws (or fails the test when it resolves). */
async function failureOf(g: SmsGateway, m = message): Promise<Error> {
  try {
    await g.send(m);
  } catch (err) {
    return err as Error;
  }
  throw new Error('the send did not fail');
}

describe('Twilio gateway', () => {
  it("sends To, From and Body to the account's Messages resource with basic auth", async () => {
    const before = fake.requests.length;
    await gateway.send(message);
    const [request] = fake.requests.slice(before);
    expect(request).toEqual({
      method: 'POST',
      path: `/2010-04-01/Accounts/${fake.accountSid}/Messages.json`,
      form: { To: message.to, From: SENDER, Body: message.text },
      authorized: true,
    });
  });

  it('sends through a Messaging Service when one is configured', async () => {
    const service = `MG${'a'.repeat(32)}`;
    const viaService = createTwilioGateway({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      messagingServiceSid: service,
      baseUrl: fake.url,
    });
    const before = fake.requests.length;
    await viaService.send(message);
    expect(fake.requests.slice(before)[0]!.form).toEqual({
      To: message.to,
      MessagingServiceSid: service,
      Body: message.text,
    });
  });

  it('gives up on a number Twilio refuses (the outbox drops it), naming neither number nor text', async () => {
    fake.unreachable.add('+31687654321');
    const err = await failureOf(gateway, { to: '+31687654321', text: message.text });
    expect(err).toBeInstanceOf(SmsRejected);
    expect(err.message).toBe('Twilio refused the number +31…21 (error 21612)');
    await expect(smsSender(gateway)({ to: '+31687654321', text: message.text })).rejects.toBeInstanceOf(
      DropOutboxItem,
    );
  });

  it('retries (a plain error) on 5xx and 429, without the auth token or the number', async () => {
    for (const status of [500, 503, 429]) {
      fake.failNext(status);
      const err = await failureOf(gateway);
      expect(err).not.toBeInstanceOf(SmsRejected);
      expect(err.message).toContain(`Twilio answered ${status}`);
    }
  });

  it('fails at once on a configuration error (a wrong key, no permission for the country), without secrets', async () => {
    const wrongKey = createTwilioGateway({
      accountSid: fake.accountSid,
      authToken: 'f'.repeat(32),
      from: SENDER,
      baseUrl: fake.url,
    });
    const err = await failureOf(wrongKey);
    expect(err).toBeInstanceOf(SmsRejected);
    expect(err).toMatchObject({ reason: 'configuration', code: 20003 });
    expect(err.message).toContain('configuration error 20003 (401)');
    expect(err.message).not.toContain('f'.repeat(32));
    expect(err.message).not.toContain(message.to);
    fake.refuseNext(21408);
    const geo = await failureOf(gateway);
    expect(geo).toMatchObject({ reason: 'configuration', code: 21408 });
    expect(geo.message).not.toContain('+31…78');
  });

  it('gives up waiting for a hanging Twilio within the timeout, and reports nothing listening', async () => {
    fake.failNext('hang');
    const started = Date.now();
    const err = await failureOf(gateway);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(err.message).toMatch(/^Twilio unreachable for \+31…78: /);
    expect(err.message).not.toContain(fake.authToken);

    const nowhere = createTwilioGateway({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      from: SENDER,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 1_000,
    });
    expect((await failureOf(nowhere)).message).toMatch(/^Twilio unreachable/);
  });

  it('refuses to start without a sender', () => {
    expect(() => createTwilioGateway({ accountSid: fake.accountSid, authToken: fake.authToken })).toThrow(
      /sender/,
    );
  });
});

describe('the outbox SMS sender', () => {
  it('drops a code that expired before it could be sent, and a malformed item, without asking Twilio', async () => {
    const before = fake.requests.length;
    const send = smsSender(gateway, () => new Date('2030-01-01T00:10:00Z'));
    await expect(send({ ...message, expires_at: '2030-01-01T00:09:59Z' })).rejects.toBeInstanceOf(
      DropOutboxItem,
    );
    await expect(send({ to: 12 })).rejects.toBeInstanceOf(DropOutboxItem);
    expect(fake.requests.length).toBe(before);
    await send({ ...message, expires_at: '2030-01-01T00:20:00Z' });
    expect(fake.requests.length).toBe(before + 1);
  });
});
