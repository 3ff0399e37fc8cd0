/**
 * The Twilio checks to run with the account's TEST credentials before going live (docs/payments.md "Before going
 * live"; scripts/verify-providers.ts runs them). Test credentials send nothing and cost nothing; Twilio answers them
 * as documented for its magic numbers ("Test credentials": the sender +15005550006 passes, the recipients
 * +15005550001/2/3/4/9 fail with 21211/21612/21408/21610/21614, the sender +15005550007 with 21606). Live credentials
 * fail the magic sender, so a mix-up costs nothing either.
 */
import twilio from 'twilio';
import { PAYMENT_METHOD_TABLE } from '../../../../shared/payment-methods';
import { type CheckResult, errorText, notAsExpected, ok, skipped } from './check-result';

type TwilioClient = ReturnType<typeof twilio>;

/** The sender that passes with test credentials. */
export const MAGIC_FROM_OK = '+15005550006';

/** Magic numbers and the Twilio error each must answer: the codes lib/sms tells apart. */
export const MAGIC_REFUSALS: readonly { from: string; to: string; code: number; meaning: string }[] = [
  { from: MAGIC_FROM_OK, to: '+15005550001', code: 21211, meaning: 'invalid number' },
  { from: MAGIC_FROM_OK, to: '+15005550002', code: 21612, meaning: 'cannot route to the number' },
  { from: MAGIC_FROM_OK, to: '+15005550003', code: 21408, meaning: 'no permission for that country' },
  { from: MAGIC_FROM_OK, to: '+15005550004', code: 21610, meaning: 'recipient opted out (STOP)' },
  { from: MAGIC_FROM_OK, to: '+15005550009', code: 21614, meaning: 'not a mobile number' },
  { from: '+15005550007', to: '+31612345678', code: 21606, meaning: 'sender cannot send SMS' },
];

/** The countries an operator allows in Twilio's geo permissions: those with direct debit (SMS codes). */
export const SMS_COUNTRIES: readonly string[] = (() => {
  const countries = PAYMENT_METHOD_TABLE.sdd.countries;
  return countries === 'all' ? [] : [...countries];
})();

export const TWILIO_CHECKS: readonly { check: string; what: string }[] = [
  { check: 'twilio.test-sms', what: `an SMS from ${MAGIC_FROM_OK} with the test credentials is queued` },
  {
    check: 'twilio.error-codes',
    what: `Twilio answers ${MAGIC_REFUSALS.map((m) => m.code).join(', ')} for its magic numbers (the permanent errors the SMS gateway must tell from temporary ones)`,
  },
  {
    check: 'twilio.geo-permissions',
    what: `by hand: SMS geo permissions allow ${SMS_COUNTRIES.join(', ')} (test credentials cannot read them)`,
  },
];

/** Twilio's own RequestClient, sending every request to another origin (a local fake in the tests). */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly target: URL) {
    super({ timeout: 10_000 });
  }

  override request<TData>(
    request: Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0] & { data?: TData },
  ) {
    const uri = new URL(request.uri);
    uri.protocol = this.target.protocol;
    uri.host = this.target.host;
    return super.request<TData>({ ...request, uri: uri.href });
  }
}

/** The official client for these checks; `baseUrl` points it at a fake (tests), as lib/sms/twilio-gateway does. */
export function createCheckClient(accountSid: string, authToken: string, baseUrl?: string): TwilioClient {
  return twilio(accountSid, authToken, {
    autoRetry: false,
    timeout: 10_000,
    ...(baseUrl ? { httpClient: new BaseUrlRequestClient(new URL(baseUrl)) } : {}),
  });
}

function codeOf(error: unknown): number | undefined {
  const code = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'number' ? code : undefined;
}

/** `twilio.test-sms`: one SMS from the magic sender, which test credentials queue without sending. */
export async function checkTestSms(client: TwilioClient, to: string): Promise<CheckResult> {
  const CHECK = 'twilio.test-sms';
  try {
    const message = await client.messages.create({ from: MAGIC_FROM_OK, to, body: 'Amora live check' });
    if (message.sid.startsWith('SM') && (message.status === 'queued' || message.status === 'accepted')) {
      return ok(CHECK, `message ${message.sid} to the test number is ${message.status}`);
    }
    return notAsExpected(CHECK, `message ${message.sid} is ${message.status}, not queued`);
  } catch (error) {
    const code = codeOf(error);
    const hint =
      code === 20003
        ? 'check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (Console › Account › API keys & tokens › Test credentials)'
        : code === 21212 || code === 21606
          ? `these look like live credentials (${MAGIC_FROM_OK} only works with the test ones): use the test credentials`
          : undefined;
    return notAsExpected(CHECK, `Twilio refused the test SMS (${errorText(error)})`, hint);
  }
}

/** `twilio.error-codes`: each magic number answers its documented error code. */
export async function checkErrorCodes(client: TwilioClient): Promise<CheckResult> {
  const CHECK = 'twilio.error-codes';
  const wrong: string[] = [];
  for (const magic of MAGIC_REFUSALS) {
    try {
      const message = await client.messages.create({
        from: magic.from,
        to: magic.to,
        body: 'Amora live check',
      });
      wrong.push(`${magic.from} → ${magic.to} was accepted (${message.sid}), expected error ${magic.code}`);
    } catch (error) {
      const code = codeOf(error);
      if (code !== magic.code)
        wrong.push(`${magic.from} → ${magic.to}: ${errorText(error)}, expected error ${magic.code}`);
    }
  }
  if (wrong.length > 0) return notAsExpected(CHECK, wrong.join('; '));
  return ok(
    CHECK,
    `Twilio answered ${MAGIC_REFUSALS.map((m) => `${m.code} (${m.meaning})`).join(', ')} as documented`,
  );
}

/** `twilio.geo-permissions`: always a person's check; the result says exactly what to set. */
export function geoPermissionsCheck(): CheckResult {
  return skipped(
    'twilio.geo-permissions',
    'needs a person: test credentials can neither read nor exercise the SMS geo permissions',
    `Twilio Console › Messaging › Settings › Geo permissions: allow ${SMS_COUNTRIES.join(', ')}; then send one code with the live credentials to a mobile number of each country you can reach`,
  );
}

export async function runTwilioChecks(client: TwilioClient, to: string): Promise<CheckResult[]> {
  return [await checkTestSms(client, to), await checkErrorCodes(client), geoPermissionsCheck()];
}
