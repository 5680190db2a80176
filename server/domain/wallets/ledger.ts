import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { LedgerEntryType } from '@/db/schema';
import { toDbAmount, type Money } from '@/server/lib/money';

export type LedgerEntryInput = {
  walletId: string;
  /** Signed: positive credits, negative debits. */
  amount: Money;
  entryType: LedgerEntryType;
  actor: string;
  messageId?: string | null;
  note?: string | null;
};

/**
 * Moves money and records it in one statement: the wallet balance changes only
 * if it stays >= 0, and the ledger row is written from the same CTE, so the
 * balance always equals the sum of its ledger rows. Returns the new balance,
 * or null when the debit would overdraw the wallet (nothing is written then).
 * Concurrent calls on one wallet serialize on its row lock.
 */
export async function postLedgerEntry(db: DbOrTx, e: LedgerEntryInput): Promise<string | null> {
  const amount = toDbAmount(e.amount);
  const rows = await db.execute<{ balance_after: string }>(sql`
    with w as (
      update wallets set balance = balance + ${amount}::numeric, updated_at = now()
       where id = ${e.walletId} and balance + ${amount}::numeric >= 0
      returning id, organization_id, balance
    )
    insert into wallet_ledger (wallet_id, organization_id, entry_type, amount, balance_after, message_id, actor, note)
    select w.id, w.organization_id, ${e.entryType}, ${amount}::numeric, w.balance, ${e.messageId ?? null}, ${e.actor}, ${e.note ?? null}
      from w
    returning balance_after`);
  return rows[0]?.balance_after ?? null;
}
