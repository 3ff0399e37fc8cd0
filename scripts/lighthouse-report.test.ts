import { describe, expect, it } from 'vitest';
import { insertRun, RUNS_MARKER, renderRun, summarize } from './lighthouse-report';

const page = (score: number) => ({ page: '/', score, fcpMs: 900, lcpMs: 2_400, cls: 0.01, tbtMs: 80 });

describe('lighthouse report', () => {
  it('picks the median run by score', () => {
    expect(summarize([page(90), page(70), page(99)]).score).toBe(90);
    expect(summarize([page(60), page(80)]).score).toBe(60);
  });

  it('renders a table marking the figures that miss their target', () => {
    const md = renderRun([page(96)], { date: '2026-11-28 05:00', label: 'before', runs: 3, commit: 'abc1234' });
    expect(md).toContain('### 2026-11-28 05:00 UTC, before (commit abc1234, median of 3 runs)');
    expect(md).toContain('| / | 96 | 0.9 s | **2.4 s** | 0.010 | 80 ms |');
  });

  it('puts the newest run first, below the marker', () => {
    const doc = `# Perf\n\n${RUNS_MARKER}\n\n### old\n\nold table\n`;
    const once = insertRun(doc, '### new\n\nnew table\n');
    expect(once).toBe(`# Perf\n\n${RUNS_MARKER}\n\n### new\n\nnew table\n\n### old\n\nold table\n`);
    expect(() => insertRun('# nothing', 'x')).toThrow(/no line/);
  });
});
