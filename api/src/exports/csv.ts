import { stringify } from 'csv-stringify/sync';

/**
 * The one way the API writes CSV (every export goes through `csvDocument`): RFC 4180 (CRLF, fields
 * with a comma, quote or line break quoted, quotes doubled), and every text cell made inert for
 * spreadsheets. A cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula
 * to Excel, LibreOffice and Google Sheets: a passenger named `=HYPERLINK(…)` would be a live link
 * in the operator's spreadsheet. csv-stringify's `escape_formulas` puts a single quote before such a
 * text cell (OWASP's rule), leaving numbers as written (`-1.5` stays a number).
 */
export type CsvValue = string | number | null | undefined;

/** A whole CSV document: the header row, then each row, CRLF after every line. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify([header, ...rows] as CsvValue[][], { record_delimiter: 'windows', escape_formulas: true });
}
