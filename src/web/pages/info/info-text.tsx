import type { ReactNode } from 'react';

/** The facts an info text may name: `{{siteName}}`, `{{domain}}`, `{{supportEmail}}`, ... */
export type InfoVars = Record<string, string | number>;

/** Placeholders whose value is a way to reach us: shown as a mailto: or tel: link. */
const LINKED: Record<string, (value: string) => string> = {
  supportEmail: (v) => `mailto:${v}`,
  supportPhone: (v) => `tel:${v}`,
};

interface Part {
  text: string;
  /** the placeholder the text fills, if any */
  key?: string;
}

/**
 * Splits a translated text at its `{{placeholders}}` and fills them. A value that ends a sentence itself
 * ("Amora Media B.V.") takes the place of the full stop after the placeholder, so no text ends in "B.V..".
 * Unknown placeholders are kept as written.
 */
export function splitInfoText(template: string, vars: InfoVars): Part[] {
  const parts: Part[] = [];
  const re = /\{\{(\w+)\}\}/g;
  let at = 0;
  for (let m = re.exec(template); m; m = re.exec(template)) {
    const key = m[1]!;
    if (!(key in vars)) continue;
    if (m.index > at) parts.push({ text: template.slice(at, m.index) });
    const value = String(vars[key]);
    parts.push({ text: value, key });
    at = m.index + m[0].length;
    if (value.endsWith('.') && template[at] === '.') at += 1;
  }
  if (at < template.length) parts.push({ text: template.slice(at) });
  return parts;
}

/** The text with its placeholders filled, as plain text (titles, headings, meta descriptions). */
export function fillInfoText(template: string, vars: InfoVars): string {
  return splitInfoText(template, vars)
    .map((p) => p.text)
    .join('');
}

/**
 * The text with its placeholders filled, the support address and phone number as links. Values are text nodes
 * (React escapes them): a translation or a setting can never inject markup.
 */
export function InfoText({ text, vars }: { text: string; vars: InfoVars }): ReactNode {
  return splitInfoText(text, vars).map((p, i) => {
    const href = p.key && p.text !== '' ? LINKED[p.key]?.(p.text) : undefined;
    return href ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
      <a key={i} href={href} className={p.key === 'supportPhone' ? 'text-nowrap' : 'text-break'}>
        {p.text}
      </a>
    ) : (
      p.text
    );
  });
}
