import type { CreditsResponse } from '../../../shared/schemas/payments';
import type { Company, Site } from '../../db/schema';
import { billingDescriptor } from '../consents/discreet.service';

/**
 * The provider checkout names before the member pays (issue 23, point 6): on a site whose payment_provider is
 * verotel, Verotel FlexPay takes the payment on its own page, so the member is told so, with what the bank statement
 * shows (the site's billing descriptor, else the operating company's name). Sites on the general provider: null
 * (their checkout stays as it is).
 */
export function checkoutProvider(
  site: Pick<Site, 'paymentProvider' | 'billingDescriptor'>,
  company: Pick<Company, 'name'>,
): CreditsResponse['payment_provider'] {
  if (site.paymentProvider !== 'verotel') return null;
  return {
    name: 'verotel',
    billing_descriptor: billingDescriptor({
      billingDescriptor: site.billingDescriptor,
      companyName: company.name,
    }),
  };
}
