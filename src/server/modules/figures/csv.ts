/**
 * CSV (RFC 4180) for spreadsheets: every field quoted when it holds a comma, quote, semicolon or line break (quotes
 * doubled); a text field that starts with = + - @ or a tab is prefixed with ' so a spreadsheet never runs it as a
 * formula (tracking parameters come from anyone's URL). Lines end in CRLF.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
