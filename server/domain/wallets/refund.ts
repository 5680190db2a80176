import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { money, toDbAmount, type Money } from '@/server/lib/money';
import { postLedgerEntry } from './ledger';

/**
 * Returns part of a send's charge to the wallets it was drawn from, in the
 * reverse order of the charge (D6): the postpaid wallet first, up to what the
 * send still holds from it, then the prepaid wallet. One ledger row per wallet.
 */
export async function refundMessage(tx: DbOrTx, input: { messageId: string; amount: Money; actor: string }): Promise<void> {
  if (input.amount.lte(0)) return;
  const held = await tx.execute<{ wallet_id: string; type: string; held: string }>(sql`
    select l.wallet_id, w.type, (-sum(l.amount))::numeric(18,4) as held
      from wallet_ledger l join wallets w on w.id = l.wallet_id
     where l.message_id = ${input.messageId} and l.entry_type in ('charge', 'refund')
     group by l.wallet_id, w.type
     order by w.type = 'SVC_POST_PAID' desc`);
  let left = input.amount;
  for (const h of held) {
    if (left.lte(0)) break;
    const part = money(h.held).lt(left) ? money(h.held) : left;
    if (part.lte(0)) continue;
    await postLedgerEntry(tx, { walletId: h.wallet_id, amount: part, entryType: 'refund', actor: input.actor, messageId: input.messageId });
    left = left.minus(part);
  }
  if (left.gt(0)) throw new Error(`refund of ${toDbAmount(input.amount)} exceeds what message ${input.messageId} holds`);
}
