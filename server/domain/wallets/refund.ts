import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { WalletType } from '@/db/schema';
import { money, toDbAmount, type Money } from '@/server/lib/money';
import { arrayLiteral } from '@/server/lib/sql-arrays';

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
      select w.id, w.type,
             coalesce((select -sum(l.amount) from wallet_ledger l
                        where l.wallet_id = w.id and l.message_id = ${input.messageId} and l.entry_type in ('charge', 'refund')), 0) as held
        from wallets w
       where w.organization_id = (select organization_id from messages where id = ${input.messageId})
       order by w.id for update of w
    ), p as (
      -- what is left of the amount once the wallets before this one (in refund order) took what they hold
      select id, least(held, greatest(${amount}::numeric - coalesce(sum(held) over (order by type = ${last}
                                              rows between unbounded preceding and 1 preceding), 0), 0)) as part
        from w
    ), moved as (
      update wallets x set balance = x.balance + p.part, updated_at = now()
        from p
       where x.id = p.id and p.part > 0
      returning x.id, x.organization_id, x.type, x.balance, p.part
    ), ledger as (
      insert into wallet_ledger (wallet_id, organization_id, entry_type, amount, balance_after, message_id, actor, note)
      select m.id, m.organization_id, 'refund', m.part, m.balance, ${input.messageId}, ${input.actor}, ${input.note ?? null}
        from moved m order by m.type = ${last}
    ), msg as (
      update messages set refunded_amount = refunded_amount + (select coalesce(sum(part), 0) from moved) where id = ${input.messageId}
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
  await tx.execute(sql`select 1 from messages where id = any(${arrayLiteral(all)}::text[]) order by id for update`);
  await tx.execute(sql`
    select 1 from wallets where organization_id in (select organization_id from messages where id = any(${arrayLiteral(refunding)}::text[]))
     order by id for update`);
}
