import { asc, eq } from 'drizzle-orm';
import {
  FIGURES_DEFAULT_DAYS,
  FIGURES_MAX_DAYS,
  type FiguresDay,
  type FiguresQuery,
  type FiguresResponse,
  type TrafficResponse,
} from '../../../shared/schemas/admin-figures';
import type { Db } from '../../db/client';
import { sites } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  confirmationsByDay,
  firstPurchasesByDay,
  messagesByDay,
  type Period,
  queueSizes,
  reportsByDay,
  revenueByDay,
  signupsByDay,
} from './figures.repo';
import { trafficReport } from './traffic.repo';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The asked period, checked: default the last 14 days up to today (UTC); from ≤ to; at most a year. */
export function resolvePeriod(q: FiguresQuery, now = new Date()): { from: string; to: string } {
  const to = q.to ?? isoDay(now);
  const from =
    q.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (FIGURES_DEFAULT_DAYS - 1) * DAY_MS));
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || isoDay(new Date(a)) !== from || isoDay(new Date(b)) !== to)
    throw new AppError(400, 'validation_failed');
  if (a > b || (b - a) / DAY_MS + 1 > FIGURES_MAX_DAYS)
    throw new AppError(400, 'figures_period_invalid', undefined, { days: FIGURES_MAX_DAYS });
  return { from, to };
}

function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(isoDay(new Date(t)));
  return out;
}

async function periodOf(db: Db, q: FiguresQuery) {
  const all = await db
    .select({ id: sites.id, domain: sites.domain, name: sites.name })
    .from(sites)
    .orderBy(asc(sites.domain));
  if (q.site !== undefined && !all.some((s) => s.id === q.site)) throw new AppError(404, 'not_found');
  const { from, to } = resolvePeriod(q);
  const period: Period = { from, to, siteIds: q.site !== undefined ? [q.site] : all.map((s) => s.id) };
  return { all, period, echo: { from, to, site: q.site ?? null } };
}

/** The dashboard: one row per day of the period (zeros included), the totals and the queues now. */
export async function dailyFigures(db: Db, q: FiguresQuery): Promise<FiguresResponse> {
  const { all, period, echo } = await periodOf(db, q);
  const [signups, confirmations, firsts, revenue, messages, reports, queues] = await Promise.all([
    signupsByDay(db, period),
    confirmationsByDay(db, period),
    firstPurchasesByDay(db, period),
    revenueByDay(db, period),
    messagesByDay(db, period),
    reportsByDay(db, period),
    queueSizes(db, period.siteIds),
  ]);
  const byDay = new Map<string, FiguresDay>(
    daysOf(period.from, period.to).map((day) => [
      day,
      { day, signups: 0, confirmations: 0, first_purchases: 0, messages: 0, reports: 0, revenue: {} },
    ]),
  );
  const add = (
    list: { day: string; n: number }[],
    key: 'signups' | 'confirmations' | 'first_purchases' | 'messages' | 'reports',
  ) => {
    for (const { day, n } of list) {
      const d = byDay.get(day);
      if (d) d[key] += n;
    }
  };
  add(signups, 'signups');
  add(confirmations, 'confirmations');
  add(firsts, 'first_purchases');
  add(messages, 'messages');
  add(reports, 'reports');
  for (const r of revenue) {
    const d = byDay.get(r.day);
    if (d) d.revenue[r.currency] = (d.revenue[r.currency] ?? 0) + r.amountMinor;
  }
  const days = [...byDay.values()];
  const totals: Omit<FiguresDay, 'day'> = {
    signups: 0,
    confirmations: 0,
    first_purchases: 0,
    messages: 0,
    reports: 0,
    revenue: {},
  };
  for (const d of days) {
    totals.signups += d.signups;
    totals.confirmations += d.confirmations;
    totals.first_purchases += d.first_purchases;
    totals.messages += d.messages;
    totals.reports += d.reports;
    for (const [c, v] of Object.entries(d.revenue)) totals.revenue[c] = (totals.revenue[c] ?? 0) + v;
  }
  return { period: echo, sites: all, days, totals, queues };
}

/** The traffic-source report of the period. */
export async function trafficFigures(db: Db, q: FiguresQuery): Promise<TrafficResponse> {
  const { period, echo } = await periodOf(db, q);
  const rows = await trafficReport(db, period);
  return {
    period: echo,
    rows: rows.map(({ firstPurchases, ...r }) => ({ ...r, first_purchases: firstPurchases })),
  };
}

/** The site a figures query names, for the CSV's file name. */
export async function siteDomain(db: Db, id: number | undefined): Promise<string> {
  if (id === undefined) return 'all-sites';
  const [s] = await db.select({ domain: sites.domain }).from(sites).where(eq(sites.id, id));
  return s?.domain ?? 'site';
}
