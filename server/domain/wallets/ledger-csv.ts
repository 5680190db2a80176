import type { DbOrTx } from '@/db/client';
import type { LedgerFilter } from '@/server/contracts/wallet-dashboard';
import { queryLedger } from './list-ledger';
import { FLAG_BY_WALLET } from './top-up-requests';

export const LEDGER_CSV_HEADER = ['id', 'created_at', 'wallet', 'type', 'amount', 'balance_after', 'currency', 'message_id', 'actor', 'note'];
const PAGE = 1000;

/** RFC 4180 quoting; text cells that a spreadsheet would run as a formula get a leading apostrophe. */
export function csvCell(value: string | number | null, opts: { text?: boolean } = {}): string {
  let s = value === null ? '' : String(value);
  if (opts.text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Every filtered ledger row as CSV lines (header first), newest first, read a
 * page at a time so an export of any size streams in constant memory. Amounts
 * are the exact stored decimals.
 */
export async function* ledgerCsvLines(db: DbOrTx, q: { organizationId: string; timezone: string; filter: LedgerFilter }): AsyncGenerator<string> {
  yield LEDGER_CSV_HEADER.join(',') + '\r\n';
  let cursor: number | undefined;
  for (;;) {
    const { rows, nextCursor } = await queryLedger(db, { ...q, cursor, limit: PAGE });
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        [
          csvCell(r.id),
          csvCell(r.createdAt.toISOString()),
          csvCell(FLAG_BY_WALLET[r.walletType]),
          csvCell(r.entryType),
          csvCell(r.amount),
          csvCell(r.balanceAfter),
          csvCell(r.currency),
          csvCell(r.messageId, { text: true }),
          csvCell(r.actor, { text: true }),
          csvCell(r.note, { text: true }),
        ].join(',') + '\r\n',
      )
      .join('');
    if (nextCursor === null) return;
    cursor = nextCursor;
  }
}
