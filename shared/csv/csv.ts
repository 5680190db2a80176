// The one CSV module (issue 39): every import (Compose's upload in the browser, the opt-outs import on the server)
// and every export (opt-outs, ledger, Messages, a send's recipients) reads and writes CSV here, on papaparse
// (RFC 4180, browser and Node alike). Pure and browser-safe.
import Papa from 'papaparse';

/** Separators a file may use: `,`, `;` (French Excel and other locales whose decimal mark is a comma) or TAB. */
const SEPARATORS = [',', ';', '\t'] as const;
const GUESS_LINES = 10;

/**
 * The file's separator: the one found most often, outside quoted fields, in its first lines (`,` when none is, as
 * in a file of one column). papaparse's own guess needs two columns on average and misses short files.
 */
function separatorOf(text: string): string {
  const head = text.split('\n', GUESS_LINES).map((line) => line.replace(/"[^"]*"?/g, ''));
  const count = (sep: string) => head.reduce((n, line) => n + line.split(sep).length - 1, 0);
  return SEPARATORS.reduce((best, sep) => (count(sep) > count(best) ? sep : best));
}

/**
 * Reads CSV text row by row (quoted fields may hold separators, doubled quotes and line breaks), with the file's
 * separator (separatorOf). Line breaks may be CRLF, LF or CR, mixed. `row` is 1-based and counts every row, blank
 * ones included, so it is the file's line number as long as no quoted field spans lines. A leading byte-order mark
 * is dropped. Rows are handed over one at a time and not kept: the caller decides what to hold.
 */
export function readCsv(text: string, onRow: (cells: string[], row: number) => void): void {
  // Line breaks between rows become LF; those inside quoted fields are the field's own and stay as they are.
  const src = text.replace(/^\uFEFF/, '').replace(/("(?:[^"]|"")*"?)|\r\n?/g, (_m, quoted?: string) => quoted ?? '\n');
  let row = 0;
  Papa.parse<string[]>(src, { delimiter: separatorOf(src), newline: '\n', skipEmptyLines: false, step: (result) => onRow(result.data, ++row) });
}

/** Every row of CSV text (see readCsv). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  readCsv(text, (cells) => rows.push(cells));
  // A final line break ends the last row; it does not start a blank one.
  if (rows.length > 0 && /\r?\n$|\r$/.test(text) && rows[rows.length - 1].join('') === '') rows.pop();
  return rows;
}

/** A plain number (an amount, a phone in E.164) is data to a spreadsheet, never a formula, whatever its sign. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const FORMULA_CHARS = new Set(['=', '+', '-', '@', '\t', '\r']);
const CELL_BREAKS = new Set([',', ';', '\t', '\r', '\n']);

/**
 * The formula rule for every cell we write: a spreadsheet runs a cell that starts with = + - @ TAB or CR. Such a
 * character at the start of the value, or right after a separator or line break inside it (a reader that splits
 * on another separator than ours, e.g. French Excel on `;`, or ignores quotes, starts a cell there), gets a `'`
 * before it, which makes the cell text. A plain number is left as it is.
 */
export function neutraliseFormula(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    if (FORMULA_CHARS.has(value[i]) && (i === 0 || CELL_BREAKS.has(value[i - 1]))) out += "'";
    out += value[i];
  }
  return out;
}

export type CsvValue = string | number | null;

/**
 * CSV lines (`,`-separated, CRLF after each row, the last included) of rows of values: every text value through
 * neutraliseFormula, quoted when it holds a separator of any locale (`,` `;` TAB), a quote or a line break.
 */
export function csvLines(rows: CsvValue[][]): string {
  if (rows.length === 0) return '';
  const safe = rows.map((r) => r.map((v) => (typeof v === 'string' ? neutraliseFormula(v) : v)));
  return (
    Papa.unparse(safe, { delimiter: ',', newline: '\r\n', escapeFormulae: false, quotes: (v: unknown) => typeof v === 'string' && /[,;\t\r\n"]/.test(v) }) +
    '\r\n'
  );
}
