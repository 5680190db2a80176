import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { carrierMoParts as moParts, carrierMoSeen as seen, connectors } from '@/db/schema';
import { reportInbound, type InboundReport } from '@/server/domain/delivery/carrier-port';
import { inTransaction } from '@/server/lib/after-commit';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';
import { moSender, type MoConcat, type MoPdu } from '@/server/smpp/client/mo';
import { decodeMoText, moCharset } from './mo-text';

/** The connector an MO came through, as its record knows it. */
export type MoConnector = { id: string; name: string; gsmCoding: number };

/** D18: how long a concatenation's parts wait for the rest before what arrived goes on (complete: false). */
export const PARTS_WAIT = sql.raw(`interval '5 minutes'`);
/** D18: an identical MO PDU within this long is the carrier resending it. */
const RESEND_WINDOW = sql.raw(`interval '60 seconds'`);
/** Concatenations one sweep joins at most (the next sweep, a second later, takes the rest). */
const SWEEP_GROUPS = 100;

type PartRow = { seq: number; data_coding: number; payload: string; received_ms: number };
/** A returned part row's columns (received_at in epoch milliseconds). */
const PART_COLUMNS = sql`${name(moParts.seq)}, ${name(moParts.dataCoding)}, ${name(moParts.payload)}, (extract(epoch from ${name(moParts.receivedAt)}) * 1000)::float8 as received_ms`;

/**
 * Records the MO PDUs of one connector in the caller's transaction (D18), before their deliver_sm_resp: a PDU seen
 * in the last 60 s (same connector, source, destination and octets) is a resend and records nothing; a whole MO is
 * reported through the carrier port at once; a part is stored, and the concatenation it completes is joined and
 * reported. A part whose place is taken (the carrier reuses a reference before the last concatenation finished)
 * sends what was waiting there on, incomplete, and starts the next one: nothing acknowledged is dropped, and a
 * concatenation never holds more than its total (at most 255) parts.
 */
export async function recordMos(tx: DbOrTx, c: MoConnector, pdus: MoPdu[], now: Date): Promise<void> {
  if (!pdus.length) return;
  const byHash = new Map(pdus.map((p) => [p.hash, p])); // (the first of identical PDUs of one batch)
  const fresh = await tx.execute<{ hash: string }>(sql`
    insert into ${seen} (${name(seen.connectorId)}, ${name(seen.hash)}, ${name(seen.seenAt)})
    select ${c.id}, h, now() from unnest(${arrayLiteral([...byHash.keys()])}::text[]) as h
    on conflict (${name(seen.connectorId)}, ${name(seen.hash)}) do update set ${name(seen.seenAt)} = ${of('excluded', seen.seenAt)}
      where ${seen.seenAt} <= ${of('excluded', seen.seenAt)} - ${RESEND_WINDOW}
    returning ${name(seen.hash)}`);
  const isFresh = new Set(fresh.map((r) => r.hash));
  const reports: InboundReport[] = [];
  for (const p of byHash.values()) {
    if (!isFresh.has(p.hash)) continue;
    if (!p.concat) {
      reports.push(joined(c, p.source, p.destination, [{ seq: 1, data_coding: p.dataCoding, payload: p.payload.toString('hex'), received_ms: now.getTime() }], 1));
      continue;
    }
    reports.push(...(await storePart(tx, c, p, p.concat)));
  }
  if (reports.length) await reportInbound(tx, reports, now);
}

/** Stores one part; returns the MO it completes, and the incomplete one it displaced, if any. */
async function storePart(tx: DbOrTx, c: MoConnector, p: MoPdu, k: MoConcat): Promise<InboundReport[]> {
  const out: InboundReport[] = [];
  const group = sql`${moParts.connectorId} = ${c.id} and ${moParts.source} = ${p.source} and ${moParts.destination} = ${p.destination}
                    and ${moParts.ref} = ${k.ref} and ${moParts.total} = ${k.total}`;
  const insert = () => tx.execute(sql`
    insert into ${moParts} (${name(moParts.connectorId)}, ${name(moParts.source)}, ${name(moParts.destination)}, ${name(moParts.ref)}, ${name(moParts.total)},
                            ${name(moParts.seq)}, ${name(moParts.dataCoding)}, ${name(moParts.payload)})
    values (${c.id}, ${p.source}, ${p.destination}, ${k.ref}, ${k.total}, ${k.seq}, ${p.dataCoding}, ${p.payload.toString('hex')})
    on conflict do nothing returning ${name(moParts.id)}`);
  if (!(await insert()).length) {
    const waiting = await tx.execute<PartRow>(sql`delete from ${moParts} where ${group} returning ${PART_COLUMNS}`);
    if (waiting.length) out.push(joined(c, p.source, p.destination, waiting, k.total));
    await insert();
  }
  // Every part here: the concatenation is joined (rows another transaction took meanwhile are not returned).
  const done = await tx.execute<PartRow>(sql`
    delete from ${moParts} where ${group} and (select count(*) from ${moParts} where ${group}) = ${k.total}
    returning ${PART_COLUMNS}`);
  if (done.length) out.push(joined(c, p.source, p.destination, done, k.total));
  return out;
}

/** One MO from its parts (any order): joined in sequence order, read in the first part's coding, complete when all are here. */
function joined(c: MoConnector, source: string, destination: string, parts: PartRow[], total: number): InboundReport {
  const sorted = [...parts].sort((a, b) => a.seq - b.seq);
  const { charset, encoding } = moCharset(sorted[0].data_coding, c.gsmCoding);
  const last = new Date(Math.max(...sorted.map((r) => Number(r.received_ms))));
  return {
    carrier: c.name,
    connectorId: c.id,
    from: moSender(source),
    to: destination,
    text: decodeMoText(sorted.map((r) => Buffer.from(r.payload, 'hex')), charset),
    encoding,
    segments: sorted.length,
    complete: sorted.length === total,
    receivedAt: last,
  };
}

/**
 * Every worker's periodic sweep (D18): concatenations whose first part waited 5 minutes go on with what arrived
 * (complete: false), and resend hashes older than the 60 s window are forgotten. Safe to run in several processes
 * at once: a part is taken by the one transaction whose delete returns it.
 */
export async function sweepMoParts(db: Db, now: Date): Promise<number> {
  const moved = await inTransaction(db, async (tx) => {
    type Row = PartRow & { connector_id: string; source: string; destination: string; ref: string; total: number; name: string | null; gsm_coding: number | null };
    const rows = await tx.execute<Row>(sql`
      with stale as (
        select distinct ${moParts.connectorId}, ${moParts.source}, ${moParts.destination}, ${moParts.ref}, ${moParts.total} from ${moParts}
         where ${moParts.receivedAt} <= now() - ${PARTS_WAIT} limit ${SWEEP_GROUPS}
      ), taken as (
        delete from ${moParts} p using stale s
         where ${of('p', moParts.connectorId)} = s.connector_id and ${of('p', moParts.source)} = s.source and ${of('p', moParts.destination)} = s.destination
           and ${of('p', moParts.ref)} = s.ref and ${of('p', moParts.total)} = s.total
        returning ${of('p', moParts.connectorId)}, ${of('p', moParts.source)}, ${of('p', moParts.destination)}, ${of('p', moParts.ref)}, ${of('p', moParts.total)},
                  ${of('p', moParts.seq)}, ${of('p', moParts.dataCoding)}, ${of('p', moParts.payload)},
                  (extract(epoch from ${of('p', moParts.receivedAt)}) * 1000)::float8 as received_ms
      )
      select t.*, ${of('c', connectors.name)}, ${of('c', connectors.gsmCoding)} from taken t left join ${connectors} c on ${of('c', connectors.id)} = t.connector_id`);
    const groups = new Map<string, Row[]>();
    for (const r of rows) {
      const key = JSON.stringify([r.connector_id, r.source, r.destination, r.ref, r.total]);
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const reports = [...groups.values()].map((parts) => {
      const r = parts[0];
      return joined({ id: r.connector_id, name: r.name ?? r.connector_id, gsmCoding: r.gsm_coding ?? 0 }, r.source, r.destination, parts, r.total);
    });
    if (reports.length) await reportInbound(tx, reports, now);
    return reports.length;
  });
  await db.execute(sql`delete from ${seen} where ${seen.seenAt} < now() - ${RESEND_WINDOW}`);
  return moved;
}
