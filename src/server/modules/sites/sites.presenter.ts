import { isLocale, type Locale } from '../../../shared/locales';
import type { CompanyInfo, PublicSettings } from '../../../shared/schemas/sites';
import type { Company, Site } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { siteLocales } from '../seo/page-meta';

export interface SettingsContext {
  locale: Locale;
  geoipCountry: string | null;
  selectedCountry: string;
  pushPublicKey: string | null;
}

export function presentSettings(site: Site, ctx: SettingsContext): PublicSettings {
  // The site's own fictional-profile texts in this language (staff console), else the product's translation.
  const own = site.fictionalTexts[ctx.locale];
  return {
    name: site.name,
    index_title: site.indexTitle,
    description: site.description,
    domain: site.domain,
    domain_language: siteLanguage(site),
    cdn_prefix: site.cdnPrefix,
    niche: site.niche,
    countries: site.countries,
    visible_profile_fields: site.visibleProfileFields,
    visible_profile_notes: site.visibleProfileNotes,
    search_fields: site.searchFields,
    geoip_country: ctx.geoipCountry,
    geoip_selected_country: ctx.selectedCountry,
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    signup_credits: site.signupCredits,
    message_length: site.messageLength,
    support_email: site.supportEmail,
    support_phone: site.supportPhone,
    enable_site_entry_popup: site.enableSiteEntryPopup,
    push_public_key: ctx.pushPublicKey,
    fictional_icon: site.fictionalIcon,
    fictional_warning: own?.warning || translate(ctx.locale, 'fictional.warning'),
    fictional_singular: own?.singular || translate(ctx.locale, 'fictional.singular'),
    fictional_plural: own?.plural || translate(ctx.locale, 'fictional.plural'),
    refund_days: site.refundDays,
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    member_resell: site.memberResell,
    company_id: site.companyId,
    mail_name: site.mailName,
    min_age: site.minAge,
    us_footer: site.usFooter,
    welcome_discount_hours: site.welcomeDiscountHours,
    languages: [...siteLocales(site)],
  };
}

export function siteLanguage(site: Site): Locale {
  return isLocale(site.domainLanguage) ? site.domainLanguage : 'en';
}

export function presentCompany(company: Company): CompanyInfo {
  return {
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
