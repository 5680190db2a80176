import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { messages } from '@/db/schema';
import type { MessageStatus } from '@/shared/contracts/send';
import { ApiError } from '@/shared/errors/api-error';
import { money, toAmount } from '@/server/lib/money';
import { refundMessage } from '@/server/domain/wallets/refund';
import { afterCommit, inTransaction } from '@/server/lib/after-commit';
import { recipientsTerminal } from '@/server/metrics/registry';
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
      select m.sending_type, m.control_state,
             (select count(*)::int from message_dispatches d where d.message_id = m.id and d.state = 'scheduled') as open
        from messages m where m.id = ${messageId} and m.organization_id = ${organizationId} for update`);
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
      update message_dispatches
         set state = case when state = 'scheduled' then 'cancelled' else state end,
             finished_at = coalesce(finished_at, ${at}::timestamptz),
             refunded_at = ${at}::timestamptz
       where message_id = ${messageId} and refunded_at is null
         and state in (${sql.join(states.map((s) => sql`${s}`), sql`, `)})
      returning id, cost),
    cancelled as (
      update message_recipients set state = 'cancelled', updated_at = ${at}::timestamptz
       where dispatch_id in (select id from settled) and state = 'pending'
      returning 1)
    select (select sum(cost) from settled)::text as cost, (select count(*)::int from cancelled) as cancelled`);
  await tx.execute(sql`
    update messages set cancelled = cancelled + ${r.cancelled},
           next_dispatch_at = (select min(dispatch_at) from message_dispatches where message_id = ${messageId} and state = 'scheduled')
     where id = ${messageId}`);
  afterCommit(tx, () => recipientsTerminal.inc({ state: 'cancelled' }, r.cancelled));
  return money(r.cost ?? 0);
}

async function setControlState(tx: DbOrTx, messageId: string, state: 'active' | 'paused' | 'cancelled', now: Date) {
  await tx.execute(sql`update messages set control_state = ${state}, updated_at = ${now.toISOString()}::timestamptz where id = ${messageId}`);
}
