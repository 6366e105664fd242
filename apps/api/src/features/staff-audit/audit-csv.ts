/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a cell that starts with `=`, `+`, `-`, `@`, a
 * tab or a carriage return would be read as a formula (OWASP's CSV injection), so it is prefixed with a
 * single quote; a cell holding a comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV text, a header line first, CRLF line ends (RFC 4180). */
export const csvOf = (header: readonly string[], rows: readonly (readonly unknown[])[]) =>
  [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
