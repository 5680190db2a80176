import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { messageDispatches as dispatches, messageRecipients as recipients, messages } from '@/db/schema';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';
import type { MessageStatus } from '@/shared/contracts/send';
import { ApiError } from '@/shared/errors/api-error';
import { money, toAmount } from '@/server/lib/money';
import { refundMessage } from '@/server/domain/wallets/refund';
import { afterCommit, inTransaction } from '@/server/lib/after-commit';
import { recipientsTerminal } from '@/server/metrics/registry';
import { inDispatchBlocks } from '@/server/domain/delivery/recipient-blocks';
import { isMessageId, toMessageStatus } from './get-status';

export type ControlAction = 'cancel' | 'pause' | 'resume';
export type ControlResult = MessageStatus & { refunded_amount: number };

/**
 * DELETE /cancel, POST /pause, POST /resume (D6), each one transaction on the
 * locked message. Only scheduled and recurring sends; a dispatch already
 * started is never stopped halfway. Refunds go back in reverse charge order.
 *  - cancel: every dispatch not started (and every skipped one not yet refunded)
 *    is cancelled and refunded; cancelled or finished sends: 1402.
 *  - pause: later dispatches are skipped when their moment passes; 1402 unless running.
 *  - resume: refunds the dispatches skipped while paused; 1402 unless paused.
 */
export async function controlSend(db: Db, organizationId: string, messageId: string, action: ControlAction, now: Date, actor: string): Promise<ControlResult> {
  if (!isMessageId(messageId)) throw new ApiError('MESSAGE_NOT_FOUND');
  return inTransaction(db, async (tx) => {
    const [m] = await tx.execute<{ sending_type: string; control_state: string; open: number }>(sql`
      select ${of('m', messages.sendingType)}, ${of('m', messages.controlState)},
             (select count(*)::int from ${dispatches} d where ${of('d', dispatches.messageId)} = ${of('m', messages.id)} and ${of('d', dispatches.state)} = 'scheduled') as open
        from ${messages} m where ${of('m', messages.id)} = ${messageId} and ${of('m', messages.organizationId)} = ${organizationId} for update`);
    if (!m) throw new ApiError('MESSAGE_NOT_FOUND');
    const refuse = (why: string) => new ApiError('INVALID_STATE', { message: why });
    if (m.sending_type === 'immediate') throw refuse('Immediate sends cannot be cancelled, paused or resumed.');

    let refunded = money(0);
    if (action === 'cancel') {
      if (m.control_state === 'cancelled') throw refuse('This send is already cancelled.');
      if (m.open === 0 && m.control_state !== 'paused') throw refuse('This send has finished: no dispatch is left to cancel.');
      refunded = await settleDispatches(tx, messageId, ['scheduled', 'skipped'], now);
      await setControlState(tx, messageId, 'cancelled', now);
    } else if (action === 'pause') {
      if (m.control_state !== 'active') throw refuse(`This send is ${m.control_state}; only a running send can be paused.`);
      if (m.open === 0) throw refuse('This send has finished: no dispatch is left to pause.');
      await setControlState(tx, messageId, 'paused', now);
    } else {
      if (m.control_state !== 'paused') throw refuse(`This send is ${m.control_state}; only a paused send can be resumed.`);
      refunded = await settleDispatches(tx, messageId, ['skipped'], now);
      await setControlState(tx, messageId, 'active', now);
    }
    await refundMessage(tx, { messageId, amount: refunded, actor, order: 'postpaid-first' });
    const [row] = await tx.select().from(messages).where(sql`${messages.id} = ${messageId}`);
    const status = toMessageStatus(row);
    // D6: what this call returned (pause: nothing), where GET /status shows the send's total (D20)
    return { ...status, refunded_amount: toAmount(refunded) };
  });
}

/**
 * Cancels the not-yet-started (`scheduled`) dispatches and marks skipped ones
 * refunded: their pending recipients become `cancelled` (counted once), and the
 * sum of their reserved cost is returned for the refund. `refunded_at` makes a
 * dispatch's cost come back at most once.
 */
async function settleDispatches(tx: DbOrTx, messageId: string, states: Array<'scheduled' | 'skipped'>, now: Date) {
  const at = now.toISOString();
  const [r] = await tx.execute<{ cost: string | null; cancelled: number }>(sql`
    with settled as (
      update ${dispatches}
         set ${name(dispatches.state)} = case when ${dispatches.state} = 'scheduled' then 'cancelled' else ${dispatches.state} end,
             ${name(dispatches.finishedAt)} = coalesce(${dispatches.finishedAt}, ${at}::timestamptz),
             ${name(dispatches.refundedAt)} = ${at}::timestamptz
       where ${dispatches.messageId} = ${messageId} and ${dispatches.refundedAt} is null
         and ${dispatches.state} = any(${arrayLiteral(states)}::text[])
      returning ${name(dispatches.id)}, ${name(dispatches.cost)}, ${name(dispatches.firstRecipientId)}),
    cancelled as (
      update ${recipients} r set ${name(recipients.state)} = 'cancelled', ${name(recipients.updatedAt)} = ${at}::timestamptz
        from settled s
       where ${of('r', recipients.dispatchId)} = s.id and ${inDispatchBlocks(sql`${of('r', recipients.id)}`, sql`s.first_recipient_id`)}
         and ${of('r', recipients.state)} = 'pending'
      returning 1)
    select (select sum(cost) from settled)::text as cost, (select count(*)::int from cancelled) as cancelled`);
  await tx.execute(sql`
    update ${messages} set ${name(messages.cancelled)} = ${messages.cancelled} + ${r.cancelled},
           ${name(messages.nextDispatchAt)} = (select min(${dispatches.dispatchAt}) from ${dispatches}
                                               where ${dispatches.messageId} = ${messageId} and ${dispatches.state} = 'scheduled')
     where ${messages.id} = ${messageId}`);
  afterCommit(tx, () => recipientsTerminal.inc({ state: 'cancelled' }, r.cancelled));
  return money(r.cost ?? 0);
}

async function setControlState(tx: DbOrTx, messageId: string, state: 'active' | 'paused' | 'cancelled', now: Date) {
  await tx.execute(sql`
    update ${messages} set ${name(messages.controlState)} = ${state}, ${name(messages.updatedAt)} = ${now.toISOString()}::timestamptz where ${messages.id} = ${messageId}`);
}
