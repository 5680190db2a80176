import type { DbOrTx } from '@/db/client';
import { csvLines } from '@/shared/csv/csv';
import type { LedgerFilter } from '@/shared/contracts/wallet-dashboard';
import { queryLedger } from './list-ledger';
import { FLAG_BY_WALLET } from './top-up-requests';

export const LEDGER_CSV_HEADER = ['id', 'created_at', 'wallet', 'type', 'amount', 'balance_after', 'currency', 'message_id', 'actor', 'note'];
const PAGE = 1000;

/**
 * Every filtered ledger row as CSV lines (header first), newest first, read a
 * page at a time so an export of any size streams in constant memory. Amounts
 * are the exact stored decimals. Cells are written by shared/csv (its formula rule).
 */
export async function* ledgerCsvLines(db: DbOrTx, q: { organizationId: string; timezone: string; filter: LedgerFilter }): AsyncGenerator<string> {
  yield csvLines([LEDGER_CSV_HEADER]);
  let cursor: number | undefined;
  for (;;) {
    const { rows, nextCursor } = await queryLedger(db, { ...q, cursor, limit: PAGE });
    if (rows.length === 0) return;
    yield csvLines(rows.map((r) => [r.id, r.createdAt.toISOString(), FLAG_BY_WALLET[r.walletType], r.entryType, r.amount, r.balanceAfter, r.currency, r.messageId, r.actor, r.note]));
    if (nextCursor === null) return;
    cursor = nextCursor;
  }
}
