/**
 * The one way the API writes CSV (every export goes through `csvDocument`): RFC 4180 (CRLF,
 * fields with a comma, quote or line break quoted, quotes doubled), and every text cell made inert
 * for spreadsheets. A cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is a
 * formula to Excel, LibreOffice and Google Sheets: a passenger named `=HYPERLINK(…)` would be a
 * live link (or worse) in the operator's spreadsheet. OWASP's rule: prefix such a cell with a
 * single quote, which spreadsheets show as text and do not evaluate.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet will not evaluate: a leading formula character gets a `'` before it. */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One cell: numbers as written (a number the API computed is data, `-1.5` stays a number), text
 * neutralised, then quoted when RFC 4180 needs it.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : spreadsheetSafe(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: the header row, then each row, CRLF after every line. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
