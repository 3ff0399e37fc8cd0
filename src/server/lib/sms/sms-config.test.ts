import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createSmsGateway } from './sms-sender';

/** The SMS gateway's configuration (docs/configuration.md): Twilio complete, or the outbox; never half of Twilio. */
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'fedcba9876543210'.repeat(2);
const base = { NODE_ENV: 'production', MOLLIE_API_KEY: `test_${'a'.repeat(30)}` };

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('the configuration was accepted');
}

describe('SMS configuration', () => {
  it('keeps SMS in the outbox without TWILIO_* (and says so in production)', () => {
    const config = loadConfig(base);
    expect(config.sms).toEqual({ gateway: 'outbox' });
    const lines: string[] = [];
    expect(createSmsGateway(config, (l) => lines.push(l)).kind).toBe('outbox');
    expect(lines.join('\n')).toMatch(/no gateway configured/);
  });

  it('uses Twilio when it is configured completely', () => {
    const config = loadConfig({
      ...base,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: 'Amora',
    });
    expect(config.sms).toEqual({
      gateway: 'twilio',
      accountSid: SID,
      authToken: TOKEN,
      from: 'Amora',
      messagingServiceSid: undefined,
    });
    expect(createSmsGateway(config, () => {}).kind).toBe('twilio');
    const viaService = loadConfig({
      ...base,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_MESSAGING_SERVICE_SID: `MG${'1'.repeat(32)}`,
    });
    expect(viaService.sms).toMatchObject({ gateway: 'twilio', messagingServiceSid: `MG${'1'.repeat(32)}` });
  });

  it('refuses a half-configured gateway, naming what is missing and never a value', () => {
    const noToken = configError({ ...base, TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: '+14155550100' });
    expect(noToken.message).toMatch(/half-configured: also set TWILIO_AUTH_TOKEN \(/);
    expect(noToken.message).not.toContain(SID);
    const noSender = configError({ ...base, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN });
    expect(noSender.message).toContain('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID');
    expect(noSender.message).not.toContain(TOKEN);
    const onlyGateway = configError({ ...base, SMS_GATEWAY: 'twilio' });
    expect(onlyGateway.message).toContain('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM or');
    const contradiction = configError({ ...base, SMS_GATEWAY: 'outbox', TWILIO_AUTH_TOKEN: TOKEN });
    expect(contradiction.message).toContain('SMS_GATEWAY=outbox');
    expect(contradiction.message).not.toContain(TOKEN);
  });

  it('refuses malformed values without printing secret ones', () => {
    const badToken = configError({ ...base, TWILIO_AUTH_TOKEN: 'not-a-token-secret' });
    expect(badToken.message).toContain('TWILIO_AUTH_TOKEN: must be a Twilio auth token');
    expect(badToken.message).not.toContain('not-a-token-secret');
    expect(configError({ ...base, TWILIO_FROM: '0612345678' }).message).toContain('TWILIO_FROM');
  });
});
