import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { walletLedger, wallets, type LedgerEntryType } from '@/db/schema';
import { name } from '@/server/lib/sql-names';
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
      update ${wallets} set ${name(wallets.balance)} = ${wallets.balance} + ${amount}::numeric, ${name(wallets.updatedAt)} = now()
       where ${wallets.id} = ${e.walletId} and ${wallets.balance} + ${amount}::numeric >= 0
      returning ${name(wallets.id)}, ${name(wallets.organizationId)}, ${name(wallets.balance)}
    )
    insert into ${walletLedger} (${name(walletLedger.walletId)}, ${name(walletLedger.organizationId)}, ${name(walletLedger.entryType)}, ${name(walletLedger.amount)},
                                 ${name(walletLedger.balanceAfter)}, ${name(walletLedger.messageId)}, ${name(walletLedger.actor)}, ${name(walletLedger.note)})
    select w.id, w.organization_id, ${e.entryType}, ${amount}::numeric, w.balance, ${e.messageId ?? null}, ${e.actor}, ${e.note ?? null}
      from w
    returning ${name(walletLedger.balanceAfter)}`);
  return rows[0]?.balance_after ?? null;
}
