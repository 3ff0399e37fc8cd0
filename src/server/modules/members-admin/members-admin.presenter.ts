import type { AdminMember, AdminMemberPayment, MemberListItem } from '../../../shared/schemas/admin-members';
import type { Photo, payments, Session } from '../../db/schema';
import type { MemberDetail, MemberSearchRow } from './members-admin.repo';

/**
 * What staff see of a member (issue 22, point 6). Built field by field from the rows, never spread from them: the
 * password hash, session token hashes, the direct debit's IBAN binding and the photo storage keys stay on the server.
 */

type MemberStatus = MemberListItem['status'];
type PaymentRow = typeof payments.$inferSelect;
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const status = (s: string) => s as MemberStatus;

export function presentListItem(row: MemberSearchRow): MemberListItem {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    site_id: row.siteId,
    site_domain: row.siteDomain,
    status: status(row.status),
    purged: row.purgedAt !== null,
    credits: row.credits,
    signup_date: iso(row.signupDate),
    last_active_at: iso(row.lastActiveAt),
  };
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Android" from a user agent; the raw agent is not shown (it is long and says little more). */
export function deviceOf(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? (userAgent.trim() === '' ? '?' : userAgent.slice(0, 60));
}

export function presentSession(s: Session) {
  return {
    id: s.id,
    device: deviceOf(s.userAgent),
    country: s.country,
    created_at: iso(s.createdAt),
    last_seen_at: iso(s.lastSeenAt),
    expires_at: iso(s.expiresAt),
  };
}

/** The console's staff-only image route of the photo moderation (GET /api/admin/photo-image.php). */
function staffPhotoUrl(id: number, size: 'thumb' | 'main'): string {
  return `/api/admin/photo-image.php?id=${id}&size=${size}`;
}

function presentPhoto(p: Photo) {
  return {
    id: p.id,
    status: p.status,
    is_main: p.isMain,
    is_private: p.isPrivate,
    created_at: iso(p.createdAt),
    thumb_url: staffPhotoUrl(p.id, 'thumb'),
    url: staffPhotoUrl(p.id, 'main'),
  };
}

export function presentPayment(p: PaymentRow, ibanMasked: string | null): AdminMemberPayment {
  return {
    id: p.id,
    created_at: iso(p.createdAt),
    paid_at: isoOrNull(p.paidAt),
    status: p.status,
    provider: p.provider,
    method: p.method,
    amount_minor: p.amountMinor,
    currency: p.currency,
    credits: p.credits,
    credits_reversed: p.creditsReversed,
    refunded_minor: p.refundedMinor,
    charged_back_minor: p.chargedBackMinor,
    discount_code: p.discountCode,
    discount_minor: p.discountMinor,
    iban_masked: ibanMasked,
    refundable: p.status === 'paid' && p.refundedMinor < p.amountMinor && p.providerPaymentId !== null,
  };
}

export function presentMember(d: MemberDetail): AdminMember {
  const u = d.user;
  return {
    account: {
      id: u.id,
      email: u.email,
      status: status(u.status),
      site: d.site,
      language: u.language,
      signup_date: iso(u.signupDate),
      last_active_at: iso(u.lastActiveAt),
      email_confirmed_at: isoOrNull(u.emailConfirmedAt),
      tracking: { ...u.tracking },
      credits: u.credits,
      paid_user: u.paidUser,
      deleted_at: isoOrNull(u.deletedAt),
      purge_after: isoOrNull(u.purgeAfter),
      purged: u.purgedAt !== null,
      demo: u.isDemo,
      suspended_until: isoOrNull(u.suspendedUntil),
      banned_at: isoOrNull(u.bannedAt),
      hidden_until: isoOrNull(u.hiddenUntil),
    },
    profile: d.profile
      ? {
          name: d.profile.name,
          status: d.profile.status,
          gender: d.profile.gender,
          seeking_gender: d.profile.seekingGender,
          birth_date: d.profile.birthDate,
          country: d.profile.country,
          region: d.profile.region,
          city: d.profile.city,
          about: d.profile.about,
          interests: [...d.profile.interests],
          invisible: d.profile.invisible,
          fictional: d.profile.fictional,
          privacy_mode: d.profile.privacyMode,
        }
      : null,
    photos: d.photos.map(presentPhoto),
    payments: d.payments.map((r) => presentPayment(r.payment, r.ibanMasked)),
    ledger: d.ledger.map((l) => ({
      id: l.id,
      created_at: iso(l.createdAt),
      delta: l.delta,
      balance_after: l.balanceAfter,
      reason: l.reason,
      note: l.note,
      staff_id: l.staffId,
    })),
    discounts: d.discounts.map((x) => ({
      code: x.code,
      kind: x.kind,
      value_percentage: x.valuePercentage,
      status: x.status,
      payment_id: x.paymentId,
      created_at: iso(x.createdAt),
    })),
    sessions: d.sessions.map(presentSession),
    counts: {
      reports_against: d.counts.reportsAgainst,
      reports_made: d.counts.reportsMade,
      decisions: d.counts.decisions,
    },
  };
}
