// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import validation from '../../../shared/i18n/en/validation.json';
import type { DirectDebitOffer, DirectDebitRequest } from '../../../shared/schemas/directdebit';
import { CATALOGUE, json, renderWithProviders } from '../../features/payments/components/payments-test-kit';
import directdebit from '../../locales/en/directdebit.json';
import discounts from '../../locales/en/discounts.json';
import { CheckoutPage } from '../credits/CheckoutPage';
import { DirectDebitPage } from './DirectDebitPage';

const routes = [
  { path: '/credits', element: <p>credits screen</p> },
  { path: '/credits/:id/:paymentmethod?', element: <CheckoutPage /> },
  { path: '/directdebit', element: <DirectDebitPage /> },
  { path: '/transactions/:id?', element: <p>transactions screen</p> },
];
const resources = { directdebit, validation, discounts };

const OFFER: DirectDebitOffer = {
  bundle: CATALOGUE.bundles[2]!,
  price: { list_amount: 3995, discount: 0, amount: 3995, currency: 'EUR', discount_code: null },
  creditor: {
    name: 'Stichting Mollie Payments',
    id: 'NL08ZZZ502057730000',
    on_behalf_of: 'Amora Media B.V.',
  },
  debit_date: '2026-03-04',
  credits_date: '2026-03-18',
  available: true,
  refusal: null,
};

const REQUEST: DirectDebitRequest = {
  id: 'A'.repeat(43),
  masked_iban: 'NL** **** **** **43 00',
  phone: '+31 6 12345678',
  account_holder: 'Sanne de Vries',
  price: OFFER.price,
  credits: 150,
  bundle_id: 3,
  mandate_reference: 'DD-7-0A1B2C3D4E',
  creditor: OFFER.creditor,
  expires_at: new Date(Date.now() + 600_000).toISOString(),
  resend_at: new Date(Date.now() + 60_000).toISOString(),
  attempts_left: 5,
  sends_left: 2,
  sms: 'sent',
};

type Handler = (body: Record<string, unknown>) => Response;

/** A fetch answering the direct-debit calls (and the catalogue); each call is recorded. */
function server(
  handlers: { offer?: () => Response; start?: Handler; confirm?: Handler; request?: () => Response } = {},
) {
  return vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/credits.php')
      return json(200, { ...CATALOGUE, methods: [...CATALOGUE.methods, 'sdd'] });
    if (url.pathname === '/api/directdebit.php' && method === 'GET')
      return handlers.offer?.() ?? json(200, OFFER);
    if (url.pathname === '/api/directdebit.php') return handlers.start?.(body) ?? json(500, {});
    if (url.pathname === '/api/directdebit-confirm.php') return handlers.confirm?.(body) ?? json(500, {});
    if (url.pathname === '/api/directdebit-request.php')
      return handlers.request?.() ?? json(200, { request: REQUEST });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

const calls = (fetchMock: ReturnType<typeof server>, path: string) =>
  fetchMock.mock.calls
    .filter((c) => String(c[0]).includes(path) && (c[1] as RequestInit | undefined)?.method === 'POST')
    .map((c) => JSON.parse(String((c[1] as RequestInit).body)) as Record<string, unknown>);

const type = (testId: string, value: string) =>
  fireEvent.input(screen.getByTestId(testId), { target: { value } });

function fillForm(phone = '06 12345678') {
  type('dd-account-holder', 'Sanne de Vries');
  type('dd-iban', 'NL91 ABNA 0417 1643 00');
  type('dd-street', 'Keizersgracht');
  type('dd-house-number', '12A');
  type('dd-zip', '1015 CS');
  type('dd-city', 'Amsterdam');
  type('dd-phone', phone);
  fireEvent.click(screen.getByTestId('dd-authorise'));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('direct debit at checkout', () => {
  it('leads to /directdebit with the bundle instead of the provider page', async () => {
    const { router } = await renderWithProviders(routes, '/credits/3/sdd', {
      fetch: server(),
      extraResources: resources,
    });
    const pay = await screen.findByTestId('checkout-pay');
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText(directdebit.checkout_note)).toBeTruthy();
    fireEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe('/directdebit'));
    expect(router.state.location.search).toBe('?bundle=3');
  });
});

describe('DirectDebitPage', () => {
  it('checks the form in the browser, puts the server refusals at their fields and keeps what was typed', async () => {
    let refusePhone = true;
    const fetchMock = server({
      start: () =>
        refusePhone
          ? json(400, {
              error: {
                code: 'validation_failed',
                message: 'Enter a mobile number that can receive text messages.',
                fields: { phone: 'Enter a mobile number that can receive text messages.' },
              },
            })
          : json(200, { request: REQUEST }),
    });
    await renderWithProviders(routes, '/directdebit?bundle=3', {
      fetch: fetchMock,
      extraResources: resources,
    });
    expect((await screen.findByTestId('dd-total')).textContent).toBe('€39.95');
    expect(screen.getByText(/creditor ID NL08ZZZ502057730000/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('dd-send-code'));
    expect(await screen.findByText(validation.directdebit.authorise)).toBeTruthy();
    expect(screen.getByText(validation.directdebit.iban_invalid)).toBeTruthy();
    expect(calls(fetchMock, '/api/directdebit.php')).toEqual([]);

    fillForm('0612345678');
    fireEvent.click(screen.getByTestId('dd-send-code'));
    expect(await screen.findByText('Enter a mobile number that can receive text messages.')).toBeTruthy();
    expect((screen.getByTestId('dd-iban') as HTMLInputElement).value).toBe('NL91 ABNA 0417 1643 00');
    expect(calls(fetchMock, '/api/directdebit.php')).toEqual([
      {
        account_holder: 'Sanne de Vries',
        iban: 'NL91 ABNA 0417 1643 00',
        street: 'Keizersgracht',
        house_number: '12A',
        zip: '1015 CS',
        city: 'Amsterdam',
        phone: '0612345678',
        authorise: true,
        bundle_id: 3,
      },
    ]);

    refusePhone = false;
    fireEvent.click(screen.getByTestId('dd-send-code'));
    expect(await screen.findByTestId('dd-code-step')).toBeTruthy();
    expect(screen.getByTestId('dd-masked-iban').textContent).toBe('NL** **** **** **43 00');
    expect(screen.getByText('We have sent a code to +31 6 12345678.')).toBeTruthy();
    // A new code only after the countdown.
    const resend = screen.getByTestId('dd-resend') as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/^New code in \d+ s$/);
  });

  it("confirms the code with the IBAN as typed, shows 'Invalid code' at the field, then opens the payment", async () => {
    let right = false;
    const fetchMock = server({
      start: () => json(200, { request: REQUEST }),
      confirm: () =>
        right
          ? json(200, {
              payment: { id: 41, status: 'pending' },
              mandate: { reference: REQUEST.mandate_reference },
            })
          : json(400, {
              error: {
                code: 'otp_invalid',
                message: 'Invalid code',
                fields: { otp: 'Invalid code. You have 4 more tries with this code.' },
              },
            }),
    });
    const { router } = await renderWithProviders(routes, '/directdebit?bundle=3', {
      fetch: fetchMock,
      extraResources: resources,
    });
    await screen.findByTestId('dd-form');
    fillForm();
    fireEvent.click(screen.getByTestId('dd-send-code'));
    await screen.findByTestId('dd-code-step');

    type('dd-otp', '12');
    fireEvent.click(screen.getByTestId('dd-confirm'));
    expect(await screen.findByText('Enter the 6-digit code from the text message.')).toBeTruthy();
    type('dd-otp', '123456');
    fireEvent.click(screen.getByTestId('dd-confirm'));
    expect(await screen.findByText('Invalid code. You have 4 more tries with this code.')).toBeTruthy();
    right = true;
    // Above the confirmation: confirming is the express request to start at once (issue 23, point 3).
    expect(screen.getByTestId('immediate-start-note').textContent).toContain('to start at once');
    fireEvent.click(screen.getByTestId('dd-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/41'));
    expect(calls(fetchMock, '/api/directdebit-confirm.php').at(-1)).toEqual({
      request: REQUEST.id,
      otp: '123456',
      iban: 'NL91 ABNA 0417 1643 00',
      immediate_start: true,
    });
  });

  it("says when the code's SMS did not arrive (resend or another method) or cannot be sent at all", async () => {
    let sms: 'failed' | 'unavailable' = 'failed';
    const fetchMock = server({
      start: () => json(200, { request: { ...REQUEST, sms: 'queued' } }),
      request: () => json(200, { request: { ...REQUEST, sms } }),
    });
    await renderWithProviders(routes, '/directdebit?bundle=3', {
      fetch: fetchMock,
      extraResources: resources,
    });
    await screen.findByTestId('dd-form');
    fillForm();
    fireEvent.click(screen.getByTestId('dd-send-code'));
    const failed = await screen.findByTestId('dd-sms-failed');
    expect(failed.textContent).toContain(directdebit.code.not_delivered_title);
    expect(failed.textContent).toContain(REQUEST.phone);
    expect(failed.querySelector('a')?.getAttribute('href')).toBe('/credits/3');
    // The code step stays, with its resend.
    expect(screen.getByTestId('dd-code-step')).toBeTruthy();
    expect(screen.getByTestId('dd-resend')).toBeTruthy();
    cleanup();

    sms = 'unavailable';
    await renderWithProviders(routes, '/directdebit?bundle=3', {
      fetch: fetchMock,
      extraResources: resources,
    });
    await screen.findByTestId('dd-form');
    fillForm();
    fireEvent.click(screen.getByTestId('dd-send-code'));
    const unavailable = await screen.findByTestId('dd-sms-unavailable');
    expect(unavailable.textContent).toContain(directdebit.code.unavailable_text);
    expect(unavailable.querySelector('a')?.textContent).toBe(directdebit.refusal.other_method);
  });

  it('says when no code can be sent to the number now (the SMS limit), with another method to pay; the form stays', async () => {
    const message =
      'We cannot send any more codes to this phone number for now. Try again later, or pay with another method.';
    const fetchMock = server({
      start: () => json(429, { error: { code: 'sms_number_limit', message } }),
    });
    await renderWithProviders(routes, '/directdebit?bundle=3', {
      fetch: fetchMock,
      extraResources: resources,
    });
    await screen.findByTestId('dd-form');
    fillForm();
    fireEvent.click(screen.getByTestId('dd-send-code'));
    const refusal = await screen.findByTestId('dd-sms-limit');
    expect(refusal.textContent).toContain(directdebit.refusal.sms_limit_title);
    expect(refusal.textContent).toContain(message);
    expect(refusal.querySelector('a')?.getAttribute('href')).toBe('/credits/3');
    expect(refusal.querySelector('a')?.textContent).toBe(directdebit.refusal.other_method);
    // Not the generic error, and what was typed is kept.
    expect(screen.queryByTestId('dd-error')).toBeNull();
    expect((screen.getByTestId('dd-iban') as HTMLInputElement).value).toBe('NL91 ABNA 0417 1643 00');
  });

  it('shows a number of a country the site does not serve at the phone field', async () => {
    const fetchMock = server({
      start: () =>
        json(400, {
          error: {
            code: 'validation_failed',
            message: 'Enter a mobile number from a country where Amora is available.',
            fields: { phone: 'Enter a mobile number from a country where Amora is available.' },
          },
        }),
    });
    await renderWithProviders(routes, '/directdebit?bundle=3', {
      fetch: fetchMock,
      extraResources: resources,
    });
    await screen.findByTestId('dd-form');
    fillForm('+1 268 464 1234');
    fireEvent.click(screen.getByTestId('dd-send-code'));
    expect(
      await screen.findByText('Enter a mobile number from a country where Amora is available.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('dd-sms-limit')).toBeNull();
  });

  it('refuses beyond the limit with the advice: later, a cheaper package, another method', async () => {
    const fetchMock = server({
      offer: () =>
        json(200, {
          ...OFFER,
          refusal: {
            reason: 'limit',
            limit: 5000,
            available: 1000,
            currency: 'EUR',
            next_at: '2026-03-30T10:00:00Z',
            cheaper_bundle_id: 1,
          },
        }),
    });
    await renderWithProviders(routes, '/directdebit?bundle=3', {
      fetch: fetchMock,
      extraResources: resources,
    });
    const refusal = await screen.findByTestId('dd-refusal');
    expect(refusal.getAttribute('data-reason')).toBe('limit');
    expect(screen.getByTestId('dd-refusal-limit').textContent).toBe(
      'Your direct debit limit is €50.00 per 30 days; €10.00 of it is left.',
    );
    expect(screen.getByText('Try again from March 30, 2026')).toBeTruthy();
    expect(screen.getByTestId('dd-refusal-cheaper').getAttribute('href')).toBe('/directdebit?bundle=1');
    expect(screen.getByTestId('dd-refusal-other-method').getAttribute('href')).toBe('/credits/3');
    expect(screen.queryByTestId('dd-form')).toBeNull();
  });
});
