/** The figures of scripts/tti-flow.ts as a Markdown table, and where a run goes in docs/performance.md. */

export interface StepTiming {
  step: string;
  visibleMs: number;
  interactiveMs: number;
}

/** Per step, the median of the runs (by time to interactive). */
export function summarizeSteps(runs: readonly (readonly StepTiming[])[]): StepTiming[] {
  const first = runs[0];
  if (!first) throw new Error('no runs');
  return first.map((s, i) => {
    const all = runs.map((r) => r[i]).filter((x): x is StepTiming => x !== undefined);
    const sorted = [...all].sort((a, b) => a.interactiveMs - b.interactiveMs);
    return { ...(sorted[Math.floor((sorted.length - 1) / 2)] ?? s), step: s.step };
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function renderTtiRun(
  steps: readonly StepTiming[],
  meta: { date: string; label: string; runs: number; commit: string; note?: string },
): string {
  const title = `#### ${meta.date} UTC${meta.label ? `, ${meta.label}` : ''} (commit ${meta.commit}${
    meta.runs > 1 ? `, median of ${meta.runs} runs` : ''
  })`;
  return [
    title,
    '',
    '| step (375 px) | visible | interactive |',
    '|---|---:|---:|',
    ...steps.map((s) => `| ${s.step} | ${seconds(s.visibleMs)} | ${seconds(s.interactiveMs)} |`),
    '',
    ...(meta.note ? [meta.note, ''] : []),
  ].join('\n');
}

/** Runs go right below this line of docs/performance.md, newest first. */
export const TTI_RUNS_MARKER = '<!-- tti-flow runs: newest first (scripts/tti-flow.ts --write writes below) -->';

export function insertTtiRun(doc: string, run: string): string {
  const at = doc.indexOf(TTI_RUNS_MARKER);
  if (at < 0) throw new Error(`docs/performance.md has no line "${TTI_RUNS_MARKER}"`);
  const after = at + TTI_RUNS_MARKER.length;
  return `${doc.slice(0, after)}\n\n${run.trimEnd()}\n${doc.slice(after).replace(/^\n+/, '\n')}`;
}
