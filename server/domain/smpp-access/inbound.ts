import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import type { InboundEncoding } from '@/db/schema';
import type { MoForEsme } from './inbound-pdus';

/**
 * D18 over D15: routed MO owed to an app's merchant SMPP sessions (smpp_inbound_deliveries), queued with the MO and
 * pushed by the listener the way receipts are (receipts.ts): claimed with SKIP LOCKED, handed over only by
 * deliver_sm_resp 0, otherwise tried again after 2^attempts s (at most 5 minutes) for 72 h.
 */
export type OwedMo = MoForEsme & { id: number; appId: string; partsDone: number };

/** How long an MO waits for a session to take it (D18). */
const KEPT = sql.raw(`interval '72 hours'`);

const list = (xs: Array<string | number>) => `{${xs.join(',')}}`;

/**
 * In the transaction that stores the MO: one owed row per routed MO whose app has SMPP credentials (the caller knows
 * it from the routing statement, so apps without SMPP cost no statement here).
 */
export async function queueInboundForSmpp(tx: DbOrTx, mos: Array<{ inboundId: string; appId: string }>, now: Date): Promise<void> {
  if (!mos.length) return;
  await tx.execute(sql`
    insert into smpp_inbound_deliveries (app_id, inbound_id, expires_at)
    select a, i, ${now.toISOString()}::timestamptz + ${KEPT}
      from unnest(${list(mos.map((m) => m.appId))}::text[], ${list(mos.map((m) => m.inboundId))}::text[]) as x(a, i)
    on conflict (inbound_id) do nothing`);
}

/** Takes up to `limit` due MO of these apps for this listener, oldest first (never one another listener holds); a claim counts as an attempt. */
export async function claimInbound(db: Db, appIds: string[], listener: string, limit: number): Promise<OwedMo[]> {
  if (!appIds.length) return [];
  const rows = await db.execute<{
    id: number; app_id: string; inbound_id: string; parts_done: number; from_phone: string; to_number: string; text: string; encoding: InboundEncoding;
  }>(sql`
    with claimed as (
      update smpp_inbound_deliveries d set claimed_by = ${listener}, claimed_at = now(), attempts = d.attempts + 1
       where d.id in (select id from smpp_inbound_deliveries
                       where app_id = any(${list(appIds)}::text[]) and claimed_by is null and next_at <= now() and expires_at > now()
                       order by id limit ${limit} for update skip locked)
      returning d.id, d.app_id, d.inbound_id, d.parts_done)
    select c.id, c.app_id, c.inbound_id, c.parts_done, i.from_phone, i.to_number, i.text, i.encoding
      from claimed c join inbound_messages i on i.id = c.inbound_id`);
  return rows
    .map((r) => ({
      id: Number(r.id), appId: r.app_id, inboundId: r.inbound_id, partsDone: Number(r.parts_done),
      from: r.from_phone, to: r.to_number, text: r.text, encoding: r.encoding,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Every part handed over: gone. Otherwise the leading parts that were taken are kept (`parts_done`: a retry sends
 * only the rest) and the MO goes back to the queue after 2^attempts s, at most 5 minutes.
 */
export async function settleInbound(db: Db, handed: number[], retry: Array<{ id: number; partsDone: number }>): Promise<void> {
  if (handed.length) await db.execute(sql`delete from smpp_inbound_deliveries where id = any(${list(handed)}::bigint[])`);
  if (retry.length) {
    await db.execute(sql`
      update smpp_inbound_deliveries d
         set claimed_by = null, claimed_at = null, parts_done = x.p, next_at = now() + least(power(2, d.attempts), 300) * interval '1 second'
        from unnest(${list(retry.map((r) => r.id))}::bigint[], ${list(retry.map((r) => r.partsDone))}::int[]) as x(id, p)
       where d.id = x.id`);
  }
}

/**
 * Every listener, now and then: claims of a listener that died go back to the queue; MO no session took in 72 h are
 * dropped (the MO itself stays in inbound_messages, GET /inbound and the app's inbound_url). Returns how many.
 */
export async function sweepInbound(db: Db): Promise<number> {
  await db.execute(sql`update smpp_inbound_deliveries set claimed_by = null, claimed_at = null where claimed_by is not null and claimed_at < now() - interval '60 seconds'`);
  const gone = await db.execute(sql`delete from smpp_inbound_deliveries where expires_at <= now() returning id`);
  return gone.length;
}
