import { describe, expect, it } from 'vitest';
import { classNamesOf, isUsed, purgeUtilities, scanTexts, splitBlocks } from './css-purge';

const utilities = new Set(['mt-3', 'mt-lg-5', 'd-none', 'd-md-flex', 'text-bg-warning', 'text-bg-info', 'opacity-25']);

const css = `/*! Bootstrap, with a } in a comment */
@charset "UTF-8";
.btn { color: red; }
.mt-3 { margin-top: 1rem !important; }
.d-none { display: none !important; }
.opacity-25 { opacity: .25 !important; }
.card .opacity-25, .card .mt-3 { x: 1; }
.text-bg-warning { color: #000 !important; }
.text-bg-info { color: #000 !important; }
.icon::before { content: "}{"; }
@media (min-width: 768px) {
  .d-md-flex { display: flex !important; }
}
@media (min-width: 992px) {
  .mt-lg-5 { margin-top: 3rem !important; }
  .navbar-expand-lg { flex-wrap: nowrap; }
}
@keyframes spin { to { transform: rotate(360deg); } }
`;

describe('css purge of unused utility classes', () => {
  const used = scanTexts([
    `<div className="mt-3 d-none">{children}</div>`,
    "const badge = `text-bg-${variant}`; const variant = 'warning';",
  ]);
  const out = purgeUtilities(css, utilities, used);

  it('keeps what the sources name, also a run-time class of a template prefix and a word', () => {
    expect(isUsed('mt-3', used)).toBe(true);
    expect(isUsed('text-bg-warning', used)).toBe(true);
    expect(isUsed('text-bg-info', used)).toBe(false);
    expect(isUsed('opacity-25', used)).toBe(false);
  });

  it('drops the rules of unused utilities only, at every level, and leaves everything else as it was', () => {
    const names = classNamesOf(out);
    for (const kept of ['btn', 'mt-3', 'd-none', 'text-bg-warning', 'icon', 'navbar-expand-lg', 'card']) {
      expect(names.has(kept), kept).toBe(true);
    }
    for (const dropped of ['opacity-25', 'text-bg-info', 'd-md-flex', 'mt-lg-5']) {
      expect(names.has(dropped), dropped).toBe(false);
    }
    // a selector list loses only its dead selectors; an emptied @media goes; strings and keyframes stay intact
    expect(out).toContain('.card .mt-3{ x: 1; }');
    expect(out).not.toContain('@media (min-width: 768px)');
    expect(out).toContain('@media (min-width: 992px){');
    expect(out).toContain('content: "}{";');
    expect(out).toContain('@keyframes spin{ to { transform: rotate(360deg); } }');
    expect(out).toContain('@charset "UTF-8";');
  });

  it('splits statements at the top level only, ignoring braces in comments and strings', () => {
    const blocks = splitBlocks(css);
    expect(blocks.map((b) => b.head)).toEqual([
      '@charset "UTF-8";',
      '.btn',
      '.mt-3',
      '.d-none',
      '.opacity-25',
      '.card .opacity-25, .card .mt-3',
      '.text-bg-warning',
      '.text-bg-info',
      '.icon::before',
      '@media (min-width: 768px)',
      '@media (min-width: 992px)',
      '@keyframes spin',
    ]);
  });
});
