import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { ids64 } from '@/server/lib/sql-arrays';
import type { Failure } from '@/server/domain/carrier/connector';
import { routeToConnectors } from '@/server/domain/carrier/routing';
import { FAILURES } from '@/server/domain/carrier/simulator';
import { addJob } from '@/server/queue/add-job';
import { inTransaction } from '@/server/lib/after-commit';
import { stepAt, type Pipeline } from './pipeline';
import { applyCarrierReport } from './carrier-port';
import { loadDispatch } from './dispatch-locks';

/**
 * Job `carrier_submit` (the simulator's recipients of a dispatch, handed over when it started): submits every one
 * still `processing`; accepted -> sent, rejected -> failed (and refunded).
 */
export async function submitDispatch(p: Pipeline, dispatchId: string): Promise<void> {
  const now = p.now();
  await inTransaction(p.db, async (tx) => {
    const d = await loadDispatch(tx, dispatchId);
    if (!d) return;
    await handOverStarted(tx, p, dispatchId);
    const rows = await tx.execute<{ id: number; phone: string; network: string | null }>(sql`
      select r.id, r.phone, pr.network from message_recipients r left join pricing_rows pr on pr.id = r.pricing_row_id
       where r.dispatch_id = ${dispatchId} and r.state = 'processing' and r.handed_to = 'simulator' order by r.id`);
    if (rows.length === 0) return;
    const outcomes = await p.connector.submit(
      rows.map((r) => ({ recipientId: Number(r.id), phone: r.phone, body: d.body, senderId: d.senderId, segments: d.segments, network: r.network })),
    );
    const { sent } = await applyCarrierReport(tx, d, {
      accepted: outcomes.flatMap((o) => (o.accepted ? [{ recipientId: o.recipientId, carrier: o.carrier }] : [])),
      refused: outcomes.flatMap((o) => (o.accepted ? [] : [{ recipientId: o.recipientId, carrier: o.carrier, failure: o as Failure }])),
    }, now);
    // (the port completes the dispatch when refusals leave nothing in flight; accepted recipients are in flight)
    if (sent) await addJob(tx, 'carrier_receipts', { dispatch_id: dispatchId }, { runAt: stepAt(p, now), jobKey: `receipts:${dispatchId}` });
  });
}

/** Job `carrier_receipts` (a connector that simulates receipts, i.e. the simulator): receipts for the dispatch's sent recipients; those without one wait for expiry. */
export async function receiptsDispatch(p: Pipeline, dispatchId: string): Promise<void> {
  const simulate = p.connector.simulateReceipts?.bind(p.connector);
  if (!simulate) return;
  const now = p.now();
  await inTransaction(p.db, async (tx) => {
    const d = await loadDispatch(tx, dispatchId);
    if (!d) return;
    const sent = await tx.execute<{ id: number; phone: string }>(sql`
      select r.id, r.phone from message_recipients r where r.dispatch_id = ${dispatchId} and r.state = 'sent' and r.handed_to = 'simulator' order by r.id`);
    const receipts = simulate(sent.map((s) => ({ recipientId: Number(s.id), phone: s.phone })));
    await applyCarrierReport(tx, d, { receipts }, now);
    if (receipts.length < sent.length) {
      const expireAt = new Date(now.getTime() + p.env.CARRIER_SIM_VALIDITY_S * 1000);
      await addJob(tx, 'carrier_expire', { dispatch_id: dispatchId }, { runAt: expireAt, jobKey: `expire:${dispatchId}` });
    }
  });
}

/** Job `carrier_expire`: sent recipients still without a receipt when the validity period ends fail with EXPIRED. */
export async function expireDispatch(p: Pipeline, dispatchId: string): Promise<void> {
  const now = p.now();
  await inTransaction(p.db, async (tx) => {
    const d = await loadDispatch(tx, dispatchId);
    if (!d) return;
    const rows = await tx.execute<{ id: number }>(sql`
      select r.id from message_recipients r where r.dispatch_id = ${dispatchId} and r.state = 'sent' and r.handed_to = 'simulator'
         and r.sent_at <= ${new Date(now.getTime() - p.env.CARRIER_SIM_VALIDITY_S * 1000).toISOString()}::timestamptz`);
    await applyCarrierReport(tx, d, { receipts: rows.map((r) => ({ recipientId: Number(r.id), delivered: false, ...FAILURES.EXPIRED })) }, now);
  });
}

/**
 * A dispatch started before recipients recorded their carrier (migration 0022) left its processing recipients to this
 * job to route: they are routed now and marked. A dispatch started since has none, and this reads nothing else.
 */
async function handOverStarted(tx: DbOrTx, p: Pipeline, dispatchId: string): Promise<void> {
  const routed = await routeToConnectors(tx, dispatchId, { sandbox: p.env.SMS_ENV === 'test' });
  if (!routed.length) return;
  await tx.execute(sql`
    update message_recipients set handed_to = case when id = any(${ids64(routed.filter((r) => r.connector !== null).map((r) => r.id))}) then 'smpp' else 'simulator' end
     where id = any(${ids64(routed.map((r) => r.id))}) and state = 'processing'`);
}
