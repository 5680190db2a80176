import type { DbOrTx } from '@/db/client';
import { MAX_IMPORT_ROWS, MAX_PHONE_INPUT, MAX_REFUSED_LISTED, type ImportReport } from '@/server/contracts/opt-outs';
import { normalizePhone } from '@/shared/messages/phone';
import { ApiError } from '@/server/errors/api-error';
import { addOptOuts } from './add-opt-outs';

type Refused = ImportReport['refused'][number];

/**
 * The phone of each CSV line: its first cell (`,`, `;` or tab ends it; double
 * quotes around it are dropped). Blank lines are skipped; a first line whose
 * first cell holds a letter is a header. Row numbers are the file's line numbers.
 */
export function phoneCells(text: string): Array<{ row: number; value: string }> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const cells: Array<{ row: number; value: string }> = [];
  lines.forEach((line, i) => {
    const first = line.split(/[,;\t]/, 1)[0].trim().replace(/^"(.*)"$/, '$1').trim();
    if (first === '' || (i === 0 && /\p{L}/u.test(first))) return;
    cells.push({ row: i + 1, value: first });
  });
  return cells;
}

/**
 * D19, the dashboard's CSV import: every row read like POST /send recipients
 * (the organization's default country), the valid ones put on the list in
 * set-based inserts (source `import`), the others reported by row. More than
 * MAX_IMPORT_ROWS phones: nothing is imported (400, 1121).
 */
export async function importOptOuts(
  db: DbOrTx,
  a: { organizationId: string; defaultCountry: string; text: string; reason: string | null; actor: string },
): Promise<ImportReport> {
  const cells = phoneCells(a.text);
  if (cells.length > MAX_IMPORT_ROWS) {
    throw new ApiError('LIMIT_EXCEEDED', { message: `A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en')} phones; this one holds ${cells.length.toLocaleString('en')}.` });
  }
  const phones: string[] = [];
  const refused: Refused[] = [];
  let refusedTotal = 0;
  for (const { row, value } of cells) {
    const r = value.length > MAX_PHONE_INPUT ? { ok: false as const, reason: `longer than ${MAX_PHONE_INPUT} characters` } : normalizePhone(value, a.defaultCountry);
    if (r.ok) {
      phones.push(r.e164);
      continue;
    }
    refusedTotal++;
    if (refused.length < MAX_REFUSED_LISTED) refused.push({ row, value: value.slice(0, MAX_PHONE_INPUT), reason: r.reason });
  }
  const counts = phones.length
    ? await addOptOuts(db, { organizationId: a.organizationId, phones, source: 'import', reason: a.reason, actor: a.actor, audience: 'every-app' })
    : { added: 0, already: 0 };
  return { rows: cells.length, ...counts, refused_total: refusedTotal, refused };
}
