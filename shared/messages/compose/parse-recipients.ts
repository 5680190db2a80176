// Recipients typed or pasted into the compose form, or uploaded as CSV.
// Pure and browser-safe: the form runs it on every keystroke. Every entry
// remembers where it came from, so an error on `to[3]` can name the line.

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

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export type CsvRecipients = { entries: RecipientEntry[]; column: string; headerSkipped: boolean };

const PHONE_HEADERS = new Set(['phone', 'phone_number', 'phone number', 'msisdn', 'number', 'to']);

/**
 * Numbers of a CSV file: the `phone` column when the first row names one,
 * else the first column. A first row holding letters (a header) is skipped.
 */
export function parseCsvRecipients(text: string): CsvRecipients {
  const rows = parseCsvRows(text);
  if (rows.length === 0) return { entries: [], column: 'first column', headerSkipped: false };
  const header = rows[0].map((h) => h.trim().toLowerCase());
  let col = header.findIndex((h) => h === 'phone');
  if (col < 0) col = header.findIndex((h) => PHONE_HEADERS.has(h));
  const headerSkipped = col >= 0 || /[a-z]/i.test(rows[0][0] ?? '');
  const column = col >= 0 ? rows[0][col].trim() : 'first column';
  const index = col >= 0 ? col : 0;
  const entries: RecipientEntry[] = [];
  rows.forEach((r, i) => {
    if (i === 0 && headerSkipped) return;
    const value = (r[index] ?? '').trim();
    if (value) entries.push({ value, line: i + 1, source: 'csv' });
  });
  return { entries, column, headerSkipped };
}

/** How an entry is named in messages: `Line 4` of the box, `CSV row 5` of the file. */
export function entryLabel(e: RecipientEntry): string {
  return e.source === 'csv' ? `CSV row ${e.line}` : `Line ${e.line}`;
}
