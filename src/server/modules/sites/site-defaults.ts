import { COUNTRIES, type Locale } from '../../../shared/locales';
import { PROFILE_FIELD_NAMES } from '../../../shared/schemas/profiles';
import type { NewSite } from '../../db/schema';

/**
 * Defaults for the site created on first start. Every value the spec leaves open ("not shown")
 * is chosen here and documented in docs/configuration.md; operators change them per site in the `sites` table.
 */
export const DEFAULT_COMPANY = {
  name: 'Amora Media B.V.',
  address: 'Keizersgracht 100',
  kvk: '00000000',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: ['Amora'],
  vatNumbers: ['NL000000000B01'],
  supportPhone: '+31 20-000 0000',
  deleteDiscount: 25,
} as const;

export function defaultSite(domain: string, companyId: number, language: Locale = 'en'): NewSite {
  return {
    domain,
    name: 'Amora',
    indexTitle: 'Amora – meet singles near you',
    description:
      'Amora is the friendly place to meet single adults near you: browse profiles, like, match and chat.',
    domainLanguage: language,
    cdnPrefix: '',
    niche: 1,
    countries: [...COUNTRIES],
    visibleProfileFields: [...PROFILE_FIELD_NAMES],
    visibleProfileNotes: true,
    searchFields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
    messageCredits: 5,
    photoCredits: 10,
    giftCredits: 20,
    signupCredits: 10,
    messageLength: 1000,
    // No longer read (issue 27): what a message costs comes from the catalogue (docs/payments.md "What a message
    // costs"). The column goes with a later migration; until then new sites store it empty.
    minimumMessageCosts: {},
    supportEmail: `support@${domain.includes('.') ? domain : 'amora.example'}`,
    supportPhone: DEFAULT_COMPANY.supportPhone,
    enableSiteEntryPopup: 'yes',
    fictionalIcon: 'stars',
    refundDays: 14,
    signups: 'all',
    loggedOutSearch: 'all',
    loggedOutSearchTrafficsource: 'all',
    memberResell: false,
    companyId,
    mailName: 'Amora',
    minAge: 18,
    usFooter: false,
    welcomeDiscountHours: 48,
  };
}
