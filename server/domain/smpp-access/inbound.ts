import { sql } from 'drizzle-orm';
import { claimOwed, settleOwed, sweepOwed } from '@/server/queue/owed-queue';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import type { Db, DbOrTx } from '@/db/client';
import { inboundMessages, smppInboundDeliveries as owed, type InboundEncoding } from '@/db/schema';
import { name, of } from '@/server/lib/sql-names';
import type { MoForEsme } from './inbound-pdus';

/**
 * D18 over D15: routed MO owed to an app's merchant SMPP sessions (smpp_inbound_deliveries), queued with the MO and
 * pushed by the listener the way receipts are (receipts.ts): claimed with SKIP LOCKED, handed over only by
 * deliver_sm_resp 0, otherwise tried again after 2^attempts s (at most 5 minutes) for 72 h.
 */
export type OwedMo = MoForEsme & { id: number; appId: string; partsDone: number };

/** How long an MO waits for a session to take it (D18). */
const KEPT = sql.raw(`interval '72 hours'`);

/**
 * In the transaction that stores the MO: one owed row per routed MO whose app has SMPP credentials (the caller knows
 * it from the routing statement, so apps without SMPP cost no statement here).
 */
export async function queueInboundForSmpp(tx: DbOrTx, mos: Array<{ inboundId: string; appId: string }>, now: Date): Promise<void> {
  if (!mos.length) return;
  await tx.execute(sql`
    insert into ${owed} (${name(owed.appId)}, ${name(owed.inboundId)}, ${name(owed.expiresAt)})
    select a, i, ${now.toISOString()}::timestamptz + ${KEPT}
      from unnest(${arrayLiteral(mos.map((m) => m.appId))}::text[], ${arrayLiteral(mos.map((m) => m.inboundId))}::text[]) as x(a, i)
    on conflict (${name(owed.inboundId)}) do nothing`);
}

/** Takes up to `limit` due MO of these apps for this listener, oldest first (claimOwed: never one another listener holds; an attempt each). */
export async function claimInbound(db: Db, appIds: string[], listener: string, limit: number): Promise<OwedMo[]> {
  const rows = await claimOwed<{
    id: number; app_id: string; inbound_id: string; parts_done: number; from_phone: string; to_number: string; text: string; encoding: InboundEncoding;
  }>(db, owed, {
    appIds, owner: listener, limit,
    columns: sql`${of('c', owed.id)}, ${of('c', owed.appId)}, ${of('c', owed.inboundId)}, ${of('c', owed.partsDone)},
                 ${of('i', inboundMessages.fromPhone)}, ${of('i', inboundMessages.toNumber)}, ${of('i', inboundMessages.text)}, ${of('i', inboundMessages.encoding)}`,
    join: sql`join ${inboundMessages} i on ${of('i', inboundMessages.id)} = ${of('c', owed.inboundId)}`,
  });
  return rows.map((r) => ({
    id: Number(r.id), appId: r.app_id, inboundId: r.inbound_id, partsDone: Number(r.parts_done),
    from: r.from_phone, to: r.to_number, text: r.text, encoding: r.encoding,
  }));
}

/**
 * Every part handed over: gone. Otherwise the leading parts that were taken are kept (`parts_done`: a retry sends
 * only the rest) and the MO is offered again later (settleOwed).
 */
export function settleInbound(db: Db, handed: number[], retry: Array<{ id: number; partsDone: number }>): Promise<void> {
  return settleOwed(db, owed, handed, retry.map((r) => r.id), {
    from: sql`unnest(${arrayLiteral(retry.map((r) => r.id))}::bigint[], ${arrayLiteral(retry.map((r) => Math.trunc(r.partsDone)))}::int[]) as x(id, p)`,
    set: sql`${name(owed.partsDone)} = x.p`,
  });
}

/**
 * Every listener, now and then: claims of a listener that died go back to the queue; MO no session took in 72 h are
 * dropped (the MO itself stays in inbound_messages, GET /inbound and the app's inbound_url). Returns how many.
 */
export function sweepInbound(db: Db): Promise<number> {
  return sweepOwed(db, owed);
}
