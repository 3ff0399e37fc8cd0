import { describe, expect, it } from 'vitest';
import { insertTtiRun, renderTtiRun, summarizeSteps, TTI_RUNS_MARKER } from './tti-report';

const run = (list: number, chat: number) => [
  { step: '/members (cold load)', visibleMs: list - 500, interactiveMs: list },
  { step: '-> the chat', visibleMs: chat - 100, interactiveMs: chat },
];

describe('tti-flow report', () => {
  it('takes the median per step and renders seconds', () => {
    const steps = summarizeSteps([run(4000, 900), run(3000, 700), run(5000, 800)]);
    expect(steps.map((s) => s.interactiveMs)).toEqual([4000, 800]);
    const md = renderTtiRun(steps, { date: '2026-11-28 05:40', label: 'before', runs: 3, commit: 'abc' });
    expect(md).toContain('#### 2026-11-28 05:40 UTC, before (commit abc, median of 3 runs)');
    expect(md).toContain('| /members (cold load) | 3.50 s | 4.00 s |');
    expect(md).toContain('| -> the chat | 0.70 s | 0.80 s |');
  });

  it('puts the newest run first below its marker', () => {
    const doc = `a\n${TTI_RUNS_MARKER}\n\n#### old\n`;
    expect(insertTtiRun(doc, '#### new\n')).toBe(`a\n${TTI_RUNS_MARKER}\n\n#### new\n\n#### old\n`);
  });
});
