import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { recordMos, sweepMoParts, type MoConnector } from '@/server/domain/carrier/smpp/mo-record';
import type { MoPdu } from '@/server/smpp/client/mo';
import { inTransaction } from '@/server/lib/after-commit';
import { closePools, testDeps } from '../helpers';
import { inboundRows } from './inbound-helpers';

/**
 * D18's joining of long MO against Postgres, without sockets (mo.int.test.ts has them): bounded whatever a carrier
 * sends. A concatenation never holds more than its total (at most 255) parts, a part whose place is taken pushes the
 * waiting one on, and parts that stop coming go on after 5 minutes, incomplete.
 */
const { db } = testDeps();
afterAll(closePools);

let n = 0;
function part(source: string, ref: string, total: number, seq: number, text: string): MoPdu {
  const payload = Buffer.from(text, 'latin1');
  const hash = createHash('sha256').update(`${source}|${ref}|${total}|${seq}|${text}|${n++}`).digest('hex');
  return { source, destination: '4321', dataCoding: 3, payload, concat: { ref, total, seq }, hash };
}
const record = (c: MoConnector, pdus: MoPdu[]) => inTransaction(db, (tx) => recordMos(tx, c, pdus, new Date()));
const waiting = async (source: string) => (await db.execute<{ n: number }>(sql`select count(*)::int as n from carrier_mo_parts where source = ${source}`))[0].n;
const age = (source: string) => db.execute(sql`update carrier_mo_parts set received_at = received_at - interval '5 minutes 1 second' where source = ${source}`);

describe('joining long MO (D18)', () => {
  const c: MoConnector = { id: 'con_join', name: 'join', gsmCoding: 0 };

  it('10,000 parts of a concatenation that never completes: at most 255 wait, nothing acknowledged is lost', async () => {
    const source = '243811900001';
    // total 255, places 1..254 over and over (255 never comes), each time other text
    const pdus = Array.from({ length: 10_000 }, (_, i) => part(source, 'udh8:7', 255, (i % 254) + 1, `p${i};`));
    const started = performance.now();
    for (let i = 0; i < pdus.length; i += 500) {
      await record(c, pdus.slice(i, i + 500));
      expect(await waiting(source)).toBeLessThanOrEqual(255);
    }
    console.info(`10,000 hostile parts recorded in ${Math.round(performance.now() - started)} ms`);
    await age(source);
    while (await sweepMoParts(db, new Date()));
    expect(await waiting(source)).toBe(0);
    const rows = await inboundRows(db, sql`from_phone = ${`+${source}`}`);
    // every part is in exactly one MO, none complete
    expect(rows.reduce((t, x) => t + x.segments, 0)).toBe(10_000);
    expect(rows.every((x) => !x.complete && x.segments <= 254)).toBe(true);
    const texts = rows.map((x) => x.text).join('');
    expect(new Set(texts.split(';').filter(Boolean)).size).toBe(10_000);
  }, 120_000);

  it('wrong total counts: parts that disagree on the total are separate concatenations, each going on incomplete', async () => {
    const source = '243811900002';
    await record(c, [part(source, 'udh8:9', 3, 1, 'a'), part(source, 'udh8:9', 4, 2, 'b'), part(source, 'udh8:9', 3, 3, 'c')]);
    expect(await waiting(source)).toBe(3);
    await age(source);
    await sweepMoParts(db, new Date());
    const rows = await inboundRows(db, sql`from_phone = ${`+${source}`}`);
    expect(rows.map((x) => [x.text, x.segments, x.complete]).sort()).toEqual([['ac', 2, false], ['b', 1, false]]);
  });

  it('references of different kinds never mix; a complete concatenation is joined at once, in place order', async () => {
    const source = '243811900003';
    await record(c, [part(source, 'udh8:5', 2, 2, 'world'), part(source, 'udh16:5', 2, 1, 'X'), part(source, 'sar:5', 2, 1, 'Y')]);
    await record(c, [part(source, 'udh8:5', 2, 1, 'hello ')]);
    expect((await inboundRows(db, sql`from_phone = ${`+${source}`}`)).map((x) => [x.text, x.complete])).toEqual([['hello world', true]]);
    expect(await waiting(source)).toBe(2);
  });

  it('parts younger than 5 minutes wait; the sweep takes only those past it', async () => {
    const source = '243811900004';
    await record(c, [part(source, 'udh8:1', 2, 1, 'old')]);
    await age(source);
    await record(c, [part(source, 'udh8:2', 2, 1, 'young')]);
    await sweepMoParts(db, new Date());
    expect((await inboundRows(db, sql`from_phone = ${`+${source}`}`)).map((x) => x.text)).toEqual(['old']);
    expect(await waiting(source)).toBe(1);
  });
});
