/**
 * Checks Mollie, Verotel FlexPay and Twilio as they really behave, with TEST credentials, before going live
 * (`npm run payments:verify`; docs/payments.md "Before going live", docs/payments-verotel.md).
 *
 *   MOLLIE_API_KEY=test_…                  the Mollie checks (a live_ key is refused: these checks make payments)
 *   MOLLIE_API_ENDPOINT                    another Mollie API root (a local fake)
 *   VERIFY_WEBHOOK_URL                     a public https URL that leads to VERIFY_WEBHOOK_PORT (a tunnel): the
 *   VERIFY_WEBHOOK_PORT (default 8790)     webhook checks listen there for Mollie's calls
 *   VERIFY_WEBHOOK_WAIT_SECONDS (120)      how long they wait
 *   VERIFY_REDIRECT_URL                    where Mollie's test checkout returns to (default PUBLIC_URL)
 *   TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN  the Twilio checks, with the account's TEST credentials
 *   VERIFY_SMS_TO (default +31612345678)   the recipient of the test SMS (test credentials send nothing)
 *   VERIFY_TWILIO_BASE_URL                 another Twilio API origin (a local fake)
 *   VEROTEL_SHOP_ID, VEROTEL_SIGNATURE_KEY the FlexPay checks (as the server reads them; VEROTEL_FLEXPAY_URL and
 *                                          VEROTEL_CC_API_URL / _USER / _PASSWORD too)
 *   VERIFY_FLEXPAY_POSTBACK_URL            the postback URL set in the Control Center (default
 *                                          PUBLIC_URL + /api/flexpay-postback.php); it must be this app, running
 *   VERIFY_ALLOW_LOCAL=1                   allows http and local addresses (checks against local fakes only)
 *
 * Checks that need a person (a payment completed on Mollie's test checkout page) create the payment and print what to
 * do; run again with `--refund-payment=tr_…`, `--chargeback-payment=tr_…`, `--paysafecard-payment=tr_…`,
 * `--paypal-payment=tr_…` to judge the outcome. Prints OK / NOT AS EXPECTED / SKIPPED per check; exits 1 when a check
 * ran and failed, 2 on wrong usage, else 0 (also with no credentials: then it lists what it would check).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createMollieClient } from '@mollie/api-client';
import {
  type CheckResult,
  exitCodeOf,
  formatResult,
} from '../src/server/modules/payments/live-checks/check-result';
import { FLEXPAY_CHECKS, runFlexpayChecks } from '../src/server/modules/payments/live-checks/flexpay-checks';
import { MOLLIE_CHECKS, runMollieChecks } from '../src/server/modules/payments/live-checks/mollie-checks';
import {
  createCheckClient,
  runTwilioChecks,
  TWILIO_CHECKS,
} from '../src/server/modules/payments/live-checks/twilio-checks';
import {
  startWebhookListener,
  type WebhookListener,
} from '../src/server/modules/payments/live-checks/webhook-listener';

export type Env = Readonly<Record<string, string | undefined>>;

const DEFAULT_WEBHOOK_PORT = 8790;
const DEFAULT_WAIT_SECONDS = 120;
const DEFAULT_SMS_TO = '+31612345678';

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${name} must be a whole number`);
  return n;
}

class UsageError extends Error {}

/** Runs the checks the environment allows; prints through `out`; answers the exit code. */
export async function verifyProviders(argv: readonly string[], env: Env, out: (line: string) => void): Promise<number> {
  let options: Record<string, string | undefined>;
  try {
    options = parseArgs({
      args: [...argv],
      options: {
        'refund-payment': { type: 'string' },
        'chargeback-payment': { type: 'string' },
        'paysafecard-payment': { type: 'string' },
        'paypal-payment': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    out(error instanceof Error ? error.message : String(error));
    return 2;
  }
  for (const [name, id] of Object.entries(options)) {
    if (id !== undefined && !/^tr_[A-Za-z0-9]+$/.test(id)) {
      out(`--${name} takes a Mollie payment id (tr_…)`);
      return 2;
    }
  }

  const results: CheckResult[] = [];
  const mollieKey = env.MOLLIE_API_KEY;
  const twilioSid = env.TWILIO_ACCOUNT_SID;
  const twilioToken = env.TWILIO_AUTH_TOKEN;

  try {
    if (!mollieKey) {
      out('MOLLIE_API_KEY is not set; with a test_ key this would check:');
      for (const c of MOLLIE_CHECKS) out(`  ${c.check}: ${c.what}`);
    } else if (!mollieKey.startsWith('test_')) {
      out('MOLLIE_API_KEY is not a test_ key: refused (these checks make payments and refunds)');
      return 2;
    } else {
      results.push(...(await mollie(mollieKey, options, env, out)));
    }

    if (!env.VEROTEL_SHOP_ID || !env.VEROTEL_SIGNATURE_KEY) {
      out('VEROTEL_SHOP_ID / VEROTEL_SIGNATURE_KEY are not set; with the website\'s FlexPay options this would check:');
      for (const c of FLEXPAY_CHECKS) out(`  ${c.check}: ${c.what}`);
    } else {
      results.push(...(await flexpay(env, out)));
    }

    if (!twilioSid || !twilioToken) {
      out('TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN are not set; with the test credentials this would check:');
      for (const c of TWILIO_CHECKS) out(`  ${c.check}: ${c.what}`);
    } else {
      out('Twilio (test credentials):');
      const client = createCheckClient(twilioSid, twilioToken, env.VERIFY_TWILIO_BASE_URL || undefined);
      for (const result of await runTwilioChecks(client, env.VERIFY_SMS_TO || DEFAULT_SMS_TO)) {
        results.push(result);
        out(formatResult(result));
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      out(error.message);
      return 2;
    }
    throw error;
  }
  return exitCodeOf(results);
}

async function flexpay(env: Env, out: (line: string) => void): Promise<CheckResult[]> {
  const publicUrl = (env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');
  out('Verotel FlexPay:');
  return runFlexpayChecks(
    {
      shopId: env.VEROTEL_SHOP_ID ?? '',
      signatureKey: env.VEROTEL_SIGNATURE_KEY ?? '',
      flexpayUrl: (env.VEROTEL_FLEXPAY_URL || 'https://secure.verotel.com').replace(/\/+$/, ''),
      postbackUrl: env.VERIFY_FLEXPAY_POSTBACK_URL || `${publicUrl}/api/flexpay-postback.php`,
      controlCenter: {
        url: env.VEROTEL_CC_API_URL,
        user: env.VEROTEL_CC_API_USER,
        password: env.VEROTEL_CC_API_PASSWORD,
      },
      allowLocal: env.VERIFY_ALLOW_LOCAL === '1',
    },
    (result) => out(formatResult(result)),
  );
}

async function mollie(
  apiKey: string,
  options: Record<string, string | undefined>,
  env: Env,
  out: (line: string) => void,
): Promise<CheckResult[]> {
  const webhookUrl = env.VERIFY_WEBHOOK_URL || undefined;
  if (webhookUrl !== undefined && !/^https?:\/\//.test(webhookUrl)) {
    throw new UsageError('VERIFY_WEBHOOK_URL must be an http(s) URL');
  }
  const waitSeconds = positiveInteger(env.VERIFY_WEBHOOK_WAIT_SECONDS, DEFAULT_WAIT_SECONDS, 'VERIFY_WEBHOOK_WAIT_SECONDS');
  const port = positiveInteger(env.VERIFY_WEBHOOK_PORT, DEFAULT_WEBHOOK_PORT, 'VERIFY_WEBHOOK_PORT');
  const listener: WebhookListener | undefined = webhookUrl ? await startWebhookListener(port) : undefined;
  const client = createMollieClient(
    env.MOLLIE_API_ENDPOINT ? { apiKey, apiEndpoint: env.MOLLIE_API_ENDPOINT } : { apiKey },
  );
  out('Mollie (test mode):');
  try {
    const results = await runMollieChecks(
      {
        client,
        redirectUrl: env.VERIFY_REDIRECT_URL || env.PUBLIC_URL || 'http://localhost:3000/',
        webhookUrl,
        listener,
        webhookWaitMs: waitSeconds * 1000,
        say: out,
        onResult: (result) => out(formatResult(result)),
      },
      {
        refund: options['refund-payment'],
        chargeback: options['chargeback-payment'],
        paysafecard: options['paysafecard-payment'],
        paypal: options['paypal-payment'],
      },
    );
    return results;
  } finally {
    await listener?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  verifyProviders(process.argv.slice(2), process.env, (line) => console.log(line)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
