import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** One CSV field: quoted when it holds a comma, quote or line break; a leading formula character is neutralised. */
export function csvField(value: string | number | boolean | null): string {
  let s = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (fields: (string | number | boolean | null)[]) =>
  `${fields.map(csvField).join(',')}\r\n`;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The transparency figures of a period (DSA Art. 15 and 24): notices by source and reason; decisions by kind,
 * ground and automated or not; the median and 90th percentile of hours from notice to action (handled notices);
 * appeals by outcome. `from` and `to` are UTC days, both included. One CSV: section,category,subcategory,detail,value.
 */
export async function transparencyCsv(db: Db, from: string, to: string): Promise<string> {
  const start = sql`${from}::date::timestamptz`;
  const end = sql`(${to}::date + 1)::timestamptz`;
  const [notices, decisions, times, appeals] = await Promise.all([
    db.execute(sql`select source, reason, count(*)::int as n from reports
      where created_at >= ${start} and created_at < ${end} group by source, reason order by source, reason`),
    db.execute(sql`select kind, ground_type, ground_ref, automated, count(*)::int as n from moderation_decisions
      where created_at >= ${start} and created_at < ${end}
      group by kind, ground_type, ground_ref, automated order by kind, ground_ref, automated`),
    db.execute(sql`select resolution, count(*)::int as n,
        percentile_cont(0.5) within group (order by extract(epoch from handled_at - created_at) / 3600) as median,
        percentile_cont(0.9) within group (order by extract(epoch from handled_at - created_at) / 3600) as p90
      from reports where handled_at >= ${start} and handled_at < ${end} group by resolution order by resolution`),
    db.execute(sql`select status, count(*)::int as n from moderation_appeals
      where created_at >= ${start} and created_at < ${end} group by status order by status`),
  ]);
  const hours = (v: unknown) => (v === null ? '' : Number(v).toFixed(2));
  let out = csvLine(['section', 'category', 'subcategory', 'detail', 'value']);
  out += csvLine(['period', from, to, '', '']);
  for (const r of rowsOf<{ source: string; reason: string; n: number }>(notices))
    out += csvLine(['notices', r.source, r.reason, '', r.n]);
  for (const r of rowsOf<{
    kind: string;
    ground_type: string;
    ground_ref: string;
    automated: boolean;
    n: number;
  }>(decisions))
    out += csvLine([
      'decisions',
      r.kind,
      `${r.ground_type}:${r.ground_ref}`,
      r.automated ? 'automated' : 'human',
      r.n,
    ]);
  for (const r of rowsOf<{ resolution: string; n: number; median: unknown; p90: unknown }>(times)) {
    out += csvLine(['handled', r.resolution, '', '', r.n]);
    out += csvLine(['hours_to_action', r.resolution, 'median', '', hours(r.median)]);
    out += csvLine(['hours_to_action', r.resolution, 'p90', '', hours(r.p90)]);
  }
  for (const r of rowsOf<{ status: string; n: number }>(appeals))
    out += csvLine(['appeals', r.status, '', '', r.n]);
  return out;
}
