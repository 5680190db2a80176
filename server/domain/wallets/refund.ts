import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messages as messagesTable, walletLedger, wallets, type WalletType } from '@/db/schema';
import { money, toDbAmount, type Money } from '@/server/lib/money';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';

/**
 * Which wallet gets its share back first: cancel and resume undo the charge from its end, postpaid first (D6);
 * a recipient no carrier accepted gives back what prepaid paid to prepaid first, the rest to postpaid (D20).
 */
export type RefundOrder = 'postpaid-first' | 'prepaid-first';

const REFUNDED_LAST: Record<RefundOrder, WalletType> = { 'postpaid-first': 'SVC_SMS', 'prepaid-first': 'SVC_POST_PAID' };

/**
 * Returns `amount` of a send's charge to the wallets it was drawn from, in ONE statement: each wallet gets back at
 * most what the send still holds from it (its charge less its refunds so far), in `order`; one `refund` ledger row
 * per wallet credited (with the balance after it), and the message's `refunded_amount` grows by the same amount.
 * The organization's wallets are locked in id order, as the charge locks them. The caller holds the message row
 * (every refunder of a message locks it first: controlSend, lockForRefund), so what the send holds cannot change
 * under this statement. More than the send holds is a defect: it throws, and the caller's transaction rolls back.
 */
export async function refundMessage(
  tx: DbOrTx,
  input: { messageId: string; amount: Money; actor: string; order: RefundOrder; note?: string | null },
): Promise<void> {
  if (input.amount.lte(0)) return;
  const amount = toDbAmount(input.amount);
  const last = REFUNDED_LAST[input.order];
  const [r] = await tx.execute<{ refunded: string }>(sql`
    with w as materialized (
      select ${of('w', wallets.id)}, ${of('w', wallets.type)},
             coalesce((select -sum(${of('l', walletLedger.amount)}) from ${walletLedger} l
                        where ${of('l', walletLedger.walletId)} = ${of('w', wallets.id)} and ${of('l', walletLedger.messageId)} = ${input.messageId}
                          and ${of('l', walletLedger.entryType)} in ('charge', 'refund')), 0) as held
        from ${wallets} w
       where ${of('w', wallets.organizationId)} = (select ${messagesTable.organizationId} from ${messagesTable} where ${messagesTable.id} = ${input.messageId})
       order by ${of('w', wallets.id)} for update of w
    ), p as (
      -- what is left of the amount once the wallets before this one (in refund order) took what they hold
      select id, least(held, greatest(${amount}::numeric - coalesce(sum(held) over (order by type = ${last}
                                              rows between unbounded preceding and 1 preceding), 0), 0)) as part
        from w
    ), moved as (
      update ${wallets} x set ${name(wallets.balance)} = ${of('x', wallets.balance)} + p.part, ${name(wallets.updatedAt)} = now()
        from p
       where ${of('x', wallets.id)} = p.id and p.part > 0
      returning ${of('x', wallets.id)}, ${of('x', wallets.organizationId)}, ${of('x', wallets.type)}, ${of('x', wallets.balance)}, p.part
    ), ledger as (
      insert into ${walletLedger} (${name(walletLedger.walletId)}, ${name(walletLedger.organizationId)}, ${name(walletLedger.entryType)}, ${name(walletLedger.amount)},
                             ${name(walletLedger.balanceAfter)}, ${name(walletLedger.messageId)}, ${name(walletLedger.actor)}, ${name(walletLedger.note)})
      select m.id, m.organization_id, 'refund', m.part, m.balance, ${input.messageId}, ${input.actor}, ${input.note ?? null}
        from moved m order by m.type = ${last}
    ), msg as (
      update ${messagesTable} set ${name(messagesTable.refundedAmount)} = ${messagesTable.refundedAmount} + (select coalesce(sum(part), 0) from moved)
       where ${messagesTable.id} = ${input.messageId}
    )
    select coalesce(sum(part), 0)::text as refunded from p`);
  if (money(r.refunded).lt(input.amount)) throw new Error(`refund of ${amount} exceeds what message ${input.messageId} holds`);
}

/**
 * Locks what a transaction is about to refund, in the order every refund takes it: the messages (by id), then the
 * wallets of `refunding`'s organizations (by id). A delivery transaction that refunds calls it before its other
 * writes, so it holds the wallets in the order a send takes them; a message locked after the wallets could
 * deadlock with a cancel of it, which holds the message, then the wallets.
 * `messages`: every message the transaction will write, `refunding` among them those it may refund.
 */
export async function lockForRefund(tx: DbOrTx, messages: string[], refunding: string[] = messages): Promise<void> {
  if (!refunding.length) return;
  const all = [...new Set([...messages, ...refunding])];
  await tx.execute(sql`
    select 1 from ${messagesTable} where ${messagesTable.id} = any(${arrayLiteral(all)}::text[]) order by ${messagesTable.id} for update`);
  await tx.execute(sql`
    select 1 from ${wallets} where ${wallets.organizationId} in (
      select ${messagesTable.organizationId} from ${messagesTable} where ${messagesTable.id} = any(${arrayLiteral(refunding)}::text[]))
     order by ${wallets.id} for update`);
}
