// Recipients typed or pasted into the compose form, or uploaded as CSV.
// Pure and browser-safe: the form runs it on every keystroke. Every entry
// remembers where it came from, so an error on `to[3]` can name the line.
import { readCsv } from '@/shared/csv/csv';

export type RecipientSource = 'paste' | 'csv';
export type RecipientEntry = {
  value: string;
  /** 1-based line of the pasted text, or row of the CSV file (header included). */
  line: number;
  source: RecipientSource;
};

/** One number per line, or several per line separated by commas or semicolons; blanks are skipped. */
export function parsePastedRecipients(text: string): RecipientEntry[] {
  const out: RecipientEntry[] = [];
  text.split(/\r\n|\n|\r/).forEach((row, i) => {
    for (const part of row.split(/[,;]/)) {
      const value = part.trim();
      if (value) out.push({ value, line: i + 1, source: 'paste' });
    }
  });
  return out;
}

export type CsvRecipients = { entries: RecipientEntry[]; column: string; headerSkipped: boolean };

const PHONE_HEADERS = new Set(['phone', 'phone_number', 'phone number', 'msisdn', 'number', 'to']);

/**
 * Numbers of a CSV file (shared/csv), one entry per row with a non-blank value, handed over as they are read: the
 * `phone` column when the first row names one, else the first column. A first row holding a letter (a header) is
 * skipped. Compose's upload and the opt-outs import read files alike.
 */
export function readCsvRecipients(text: string, onEntry: (entry: RecipientEntry) => void): Omit<CsvRecipients, 'entries'> {
  let index = 0;
  let column = 'first column';
  let headerSkipped = false;
  readCsv(text, (cells, row) => {
    if (row === 1) {
      const header = cells.map((h) => h.trim().toLowerCase());
      let col = header.findIndex((h) => h === 'phone');
      if (col < 0) col = header.findIndex((h) => PHONE_HEADERS.has(h));
      headerSkipped = col >= 0 || /\p{L}/u.test(cells[0] ?? '');
      if (col >= 0) [index, column] = [col, cells[col].trim()];
      if (headerSkipped) return;
    }
    const value = (cells[index] ?? '').trim();
    if (value) onEntry({ value, line: row, source: 'csv' });
  });
  return { column, headerSkipped };
}

export function parseCsvRecipients(text: string): CsvRecipients {
  const entries: RecipientEntry[] = [];
  return { entries, ...readCsvRecipients(text, (e) => entries.push(e)) };
}

/** How an entry is named in messages: `Line 4` of the box, `CSV row 5` of the file. */
export function entryLabel(e: RecipientEntry): string {
  return e.source === 'csv' ? `CSV row ${e.line}` : `Line ${e.line}`;
}
