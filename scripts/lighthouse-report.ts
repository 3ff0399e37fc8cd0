/** The figures of scripts/lighthouse.ts as a Markdown table, and where a run goes in docs/performance.md. */

/** Issue 24, point 3: Lighthouse mobile (simulated slow 4G). */
export const CWV_TARGETS = { score: 95, lcpMs: 2_000, cls: 0.05, tbtMs: 150 } as const;

export interface PageToMeasure {
  page: string;
  signedIn: boolean;
}

export interface PageFigures {
  page: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/** The run with the median performance score (several runs of one page vary with the machine's load). */
export function summarize<T extends { score: number }>(tries: readonly T[]): T {
  if (tries.length === 0) throw new Error('no runs');
  const sorted = [...tries].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mark = (ok: boolean, text: string) => (ok ? text : `**${text}**`);

export function renderRun(
  pages: readonly PageFigures[],
  meta: { date: string; label: string; runs: number; commit: string; note?: string },
): string {
  const t = CWV_TARGETS;
  const rows = pages.map(
    (p) =>
      `| ${p.page} | ${mark(p.score >= t.score, String(p.score))} | ${seconds(p.fcpMs)} | ${mark(
        p.lcpMs <= t.lcpMs,
        seconds(p.lcpMs),
      )} | ${mark(p.cls <= t.cls, p.cls.toFixed(3))} | ${mark(p.tbtMs <= t.tbtMs, `${Math.round(p.tbtMs)} ms`)} |`,
  );
  const title = `### ${meta.date} UTC${meta.label ? `, ${meta.label}` : ''} (commit ${meta.commit}${
    meta.runs > 1 ? `, median of ${meta.runs} runs` : ''
  })`;
  return [
    title,
    '',
    '| page | performance | FCP | LCP | CLS | TBT |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    ...(meta.note ? [meta.note, ''] : []),
  ].join('\n');
}

/** Runs go right below this line of docs/performance.md, newest first. */
export const RUNS_MARKER = '<!-- lighthouse runs: newest first (scripts/lighthouse.ts writes below) -->';

export function insertRun(doc: string, run: string): string {
  const at = doc.indexOf(RUNS_MARKER);
  if (at < 0) throw new Error(`docs/performance.md has no line "${RUNS_MARKER}"`);
  const after = at + RUNS_MARKER.length;
  return `${doc.slice(0, after)}\n\n${run.trimEnd()}\n${doc.slice(after).replace(/^\n+/, '\n')}`;
}
