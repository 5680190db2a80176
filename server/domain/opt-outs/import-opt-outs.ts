import type { DbOrTx } from '@/db/client';
import { MAX_IMPORT_ROWS, MAX_PHONE_INPUT, MAX_REFUSED_LISTED, type ImportReport } from '@/shared/contracts/opt-outs';
import { readCsvRecipients } from '@/shared/messages/compose/parse-recipients';
import { normalizePhone } from '@/shared/messages/phone';
import { ApiError } from '@/shared/errors/api-error';
import { addOptOuts } from './add-opt-outs';
import { fieldProblemText } from '@/shared/validation/field-problems';

type Refused = ImportReport['refused'][number];

/**
 * D19, the dashboard's CSV import: the phone column (or the first) of each row,
 * as Compose reads an upload, every phone read like POST /send recipients
 * (the organization's default country), the valid ones put on the list in
 * set-based inserts (source `import`), the others reported by row. More than
 * MAX_IMPORT_ROWS phones: nothing is imported (400, 1121).
 */
export async function importOptOuts(
  db: DbOrTx,
  a: { organizationId: string; defaultCountry: string; text: string; reason: string | null; actor: string },
): Promise<ImportReport> {
  // Read like Compose's upload (shared/csv); past the limit the rows are only counted, not kept.
  const cells: Array<{ row: number; value: string }> = [];
  let total = 0;
  readCsvRecipients(a.text, (e) => {
    if (++total <= MAX_IMPORT_ROWS) cells.push({ row: e.line, value: e.value });
  });
  if (total > MAX_IMPORT_ROWS) {
    throw new ApiError('LIMIT_EXCEEDED', { message: fieldProblemText('importTooMany', { max: MAX_IMPORT_ROWS.toLocaleString('en'), total: total.toLocaleString('en') }) });
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
