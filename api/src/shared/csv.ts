// A spreadsheet runs a cell starting with one of these as a formula (CSV injection): such a cell
// gets a leading apostrophe, and so does one that already starts with an apostrophe before one,
// so that decoding strips exactly one and every value round-trips.
const formulaStart = /^'*[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): empty for null and undefined, objects as JSON text, quoted when it
 * holds a quote, comma or line break, and never read as a formula by a spreadsheet.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value as string | number | boolean);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV row with its CRLF line end. */
export const csvRow = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;
