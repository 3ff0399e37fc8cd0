import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CreatePaymentInput, PaymentProvider } from '../payments/providers/provider';
import { billingDescriptor } from './discreet.service';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What a payment says to the provider as its description, which Mollie shows on the member's card or bank statement
 * where the method allows (it truncates per method; card statements show the website profile's descriptor set in
 * the Mollie dashboard): the member's site's neutral billing descriptor and our payment number, never the product,
 * the site's name or its niche (issue 23, discreet mode). docs/payments.md.
 */
export async function statementDescription(db: Db, paymentId: number): Promise<string | null> {
  const [row] = rowsOf<{ billing_descriptor: string; company_name: string }>(
    await db.execute(sql`
      select s.billing_descriptor, c.name as company_name
      from payments p join users u on u.id = p.user_id join sites s on s.id = u.site_id
        join companies c on c.id = s.company_id
      where p.id = ${paymentId}`),
  );
  if (!row) return null;
  return `${billingDescriptor({ billingDescriptor: row.billing_descriptor, companyName: row.company_name })} ${paymentId}`;
}

/**
 * The payment provider with every new payment's description replaced by the statement description above (payments
 * carry our id in metadata.payment_id); everything else is the provider's own. Applied once where the app sets the
 * provider up, so every way a payment is created (checkout, repeat order, direct debit) is covered.
 */
export function withBillingDescriptor(db: Db, provider: PaymentProvider): PaymentProvider {
  const createPayment = async (input: CreatePaymentInput) => {
    const id = Number(input.metadata.payment_id);
    const description = Number.isSafeInteger(id) && id > 0 ? await statementDescription(db, id) : null;
    return provider.createPayment(description ? { ...input, description } : input);
  };
  return new Proxy(provider, {
    get(target, key) {
      if (key === 'createPayment') return createPayment;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
