import { COUNTRIES, LOCALES } from '../../../shared/locales';
import type { AdminSite, AdminSiteInput } from '../../../shared/schemas/admin-sites';
import { SEARCH_FIELD_NAMES } from '../../../shared/schemas/admin-sites';
import { PROFILE_FIELD_NAMES } from '../../../shared/schemas/profiles';

/** The site form's state: the input, with numbers that may be emptied while typing (sent as null: a field error). */
export type SiteDraft = {
  [K in keyof AdminSiteInput]: AdminSiteInput[K] extends number ? number | null : AdminSiteInput[K];
};
export type SetField = <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => void;

export function draftOf(site: AdminSite): SiteDraft {
  const { id: _id, created_at: _created, ...input } = site;
  return input;
}

/** A new site: the product's defaults (as the first start makes them), for the company chosen first. */
export function newSiteDraft(companyId: number): SiteDraft {
  return {
    domain: '',
    name: '',
    index_title: '',
    description: '',
    domain_language: 'en',
    languages: [...LOCALES],
    countries: [...COUNTRIES],
    cdn_prefix: '',
    niche: 1,
    visible_profile_fields: [...PROFILE_FIELD_NAMES],
    visible_profile_notes: true,
    search_fields: [...SEARCH_FIELD_NAMES],
    message_credits: 5,
    photo_credits: 10,
    gift_credits: 20,
    signup_credits: 10,
    message_length: 1000,
    free_messages: 3,
    free_history_messages: 20,
    support_email: '',
    support_phone: '',
    enable_site_entry_popup: 'yes',
    fictional_icon: 'stars',
    fictional_texts: {},
    refund_days: 14,
    signups: 'all',
    logged_out_search: 'all',
    logged_out_search_trafficsource: 'all',
    member_resell: false,
    company_id: companyId,
    mail_name: '',
    min_age: 18,
    us_footer: false,
    welcome_discount_hours: 48,
    direct_debit_limit_minor: 10_000,
    photo_review: 'before',
    photo_explicit_threshold: 60,
    cams_in_search: false,
    payment_provider: 'mollie',
    billing_descriptor: '',
    discreet_default: null,
  };
}
