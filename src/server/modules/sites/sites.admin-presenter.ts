import { isLocale, type Locale } from '../../../shared/locales';
import type {
  AdminCompany,
  AdminCompanyInput,
  AdminSite,
  AdminSiteInput,
} from '../../../shared/schemas/admin-sites';
import {
  FICTIONAL_ICONS,
  PAYMENT_PROVIDERS,
  SEARCH_FIELD_NAMES,
  VISITOR_ACCESS,
} from '../../../shared/schemas/admin-sites';
import type { PROFILE_FIELD_NAMES } from '../../../shared/schemas/profiles';
import type { Company, NewSite, Site } from '../../db/schema';

/** The staff console's view of a site and a company: every setting, as the forms edit them (issue 22, point 7). */

type ProfileField = (typeof PROFILE_FIELD_NAMES)[number];
const pick = <T extends string>(allowed: readonly T[], value: string, fallback: T): T =>
  (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

export function presentAdminSite(site: Site): AdminSite {
  const domainLanguage: Locale = isLocale(site.domainLanguage) ? site.domainLanguage : 'en';
  return {
    id: site.id,
    domain: site.domain,
    name: site.name,
    index_title: site.indexTitle,
    description: site.description,
    domain_language: domainLanguage,
    languages: site.languages.filter(isLocale),
    countries: site.countries,
    cdn_prefix: site.cdnPrefix,
    niche: site.niche,
    visible_profile_fields: site.visibleProfileFields as ProfileField[],
    visible_profile_notes: site.visibleProfileNotes,
    search_fields: site.searchFields.filter((f): f is (typeof SEARCH_FIELD_NAMES)[number] =>
      (SEARCH_FIELD_NAMES as readonly string[]).includes(f),
    ),
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    signup_credits: site.signupCredits,
    message_length: site.messageLength,
    free_messages: site.freeMessages,
    free_history_messages: site.freeHistoryMessages,
    support_email: site.supportEmail,
    support_phone: site.supportPhone,
    enable_site_entry_popup: site.enableSiteEntryPopup === 'no' ? 'no' : 'yes',
    fictional_icon: pick(FICTIONAL_ICONS, site.fictionalIcon, 'stars'),
    fictional_texts: site.fictionalTexts,
    refund_days: site.refundDays,
    signups: pick(VISITOR_ACCESS, site.signups, 'all'),
    logged_out_search: pick(VISITOR_ACCESS, site.loggedOutSearch, 'all'),
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource === 'none' ? 'none' : 'all',
    member_resell: site.memberResell,
    company_id: site.companyId,
    mail_name: site.mailName,
    min_age: site.minAge,
    us_footer: site.usFooter,
    welcome_discount_hours: site.welcomeDiscountHours,
    direct_debit_limit_minor: site.directDebitLimitMinor,
    photo_review: site.photoReview === 'after' ? 'after' : 'before',
    photo_explicit_threshold: site.photoExplicitThreshold,
    cams_in_search: site.camsInSearch,
    payment_provider: pick(PAYMENT_PROVIDERS, site.paymentProvider, 'mollie'),
    billing_descriptor: site.billingDescriptor,
    discreet_default: site.discreetDefault,
    created_at: site.createdAt.toISOString(),
  };
}

/** The row's columns from the console's form (all of them: the form sends every setting). */
export function siteValues(input: AdminSiteInput): Omit<NewSite, 'minimumMessageCosts'> {
  return {
    domain: input.domain,
    name: input.name,
    indexTitle: input.index_title,
    description: input.description,
    domainLanguage: input.domain_language,
    languages: input.languages,
    countries: input.countries,
    cdnPrefix: input.cdn_prefix,
    niche: input.niche,
    visibleProfileFields: input.visible_profile_fields,
    visibleProfileNotes: input.visible_profile_notes,
    searchFields: input.search_fields,
    messageCredits: input.message_credits,
    photoCredits: input.photo_credits,
    giftCredits: input.gift_credits,
    signupCredits: input.signup_credits,
    messageLength: input.message_length,
    freeMessages: input.free_messages,
    freeHistoryMessages: input.free_history_messages,
    supportEmail: input.support_email,
    supportPhone: input.support_phone,
    enableSiteEntryPopup: input.enable_site_entry_popup,
    fictionalIcon: input.fictional_icon,
    fictionalTexts: input.fictional_texts,
    refundDays: input.refund_days,
    signups: input.signups,
    loggedOutSearch: input.logged_out_search,
    loggedOutSearchTrafficsource: input.logged_out_search_trafficsource,
    memberResell: input.member_resell,
    companyId: input.company_id,
    mailName: input.mail_name,
    minAge: input.min_age,
    usFooter: input.us_footer,
    welcomeDiscountHours: input.welcome_discount_hours,
    directDebitLimitMinor: input.direct_debit_limit_minor,
    photoReview: input.photo_review,
    photoExplicitThreshold: input.photo_explicit_threshold,
    camsInSearch: input.cams_in_search,
    paymentProvider: input.payment_provider,
    billingDescriptor: input.billing_descriptor,
    discreetDefault: input.discreet_default,
  };
}

export function presentAdminCompany(company: Company): AdminCompany {
  return {
    id: company.id,
    name: company.name,
    address: company.address,
    kvk: company.kvk,
    city: company.city,
    country: company.country,
    tradenames: company.tradenames,
    vat_numbers: company.vatNumbers,
    support_phone: company.supportPhone,
    delete_discount: company.deleteDiscount,
    added: company.added.toISOString(),
  };
}

export function companyValues(input: AdminCompanyInput) {
  return {
    name: input.name,
    address: input.address,
    kvk: input.kvk,
    city: input.city,
    country: input.country,
    tradenames: input.tradenames,
    vatNumbers: input.vat_numbers,
    supportPhone: input.support_phone,
    deleteDiscount: input.delete_discount,
  };
}
