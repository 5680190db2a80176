import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closePools } from '../helpers';
import { FRENCH_ORDER, FRENCH_ORDER_GSM } from '../french-order';
import { decodeGsm } from '@/server/smpp/codec/gsm';
import { carrierHarness, waitFor } from './harness';

const h = carrierHarness();
afterEach(() => h.stopManagers());
afterAll(closePools);

const TO = ['+243810701234', '+243810704321'];

type Submitted = { destination_addr: string; data_coding: number; esm_class: number; short_message: Buffer };

/** One recipient's submit_sm parts: [data_coding, esm_class, the UDH without its reference, body octets], and the bodies. */
function partsOf(submits: Submitted[], phone: string) {
  const mine = submits.filter((x) => `+${x.destination_addr}` === phone);
  const udh = (b: Buffer) => [b[0], b[1], b[2], b[4], b[5]].map((n) => n.toString(16).padStart(2, '0')).join('');
  return {
    parts: mine.map((x) => [x.data_coding, x.esm_class, udh(x.short_message), x.short_message.length - 6]),
    bodies: mine.map((x) => x.short_message.subarray(6)),
  };
}

describe('smart encoding through a carrier (D21)', () => {
  it('the French order with transliterate: billed and submitted as 2 GSM-7 segments per recipient; with off as v1: 4 UCS-2 segments', async () => {
    const { s, m } = await h.routedTo('fr', '24381070');
    const res = await h.call('POST', '/send', { key: m.apiKey, body: { to: TO, message: FRENCH_ORDER, smart_encoding: 'transliterate' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      total_recipients: 2,
      total_messages: 4,
      total_cost: 0.08,
      encoding: 'gsm7',
      smart_encoding: { mode: 'transliterate', applied: true, replaced_characters: 7 },
    });
    const id = res.body.data.message_id as string;
    await h.drain();
    await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'));
    for (const phone of TO) {
      const { parts, bodies } = partsOf(s.submits, phone);
      expect(parts).toEqual([
        [0, 0x40, '0500030201', 153],
        [0, 0x40, '0500030202', 51],
      ]);
      expect(decodeGsm(Buffer.concat(bodies))).toBe(FRENCH_ORDER_GSM);
    }
    const [row] = await h.db.execute<{ body: string; original_body: string | null; encoding: string; segments: number }>(
      sql`select t.body, t.original_body, encoding, segments from messages m join message_texts t on t.message_id = m.id where m.id = ${id}`,
    );
    expect(row).toEqual({ body: FRENCH_ORDER_GSM, original_body: FRENCH_ORDER, encoding: 'GSM-7', segments: 2 });

    const before = s.submits.length;
    const off = await h.call('POST', '/send', { key: m.apiKey, body: { to: TO, message: FRENCH_ORDER, smart_encoding: 'off' } });
    expect(off.body.data).toMatchObject({ total_messages: 8, total_cost: 0.16, encoding: 'ucs2', smart_encoding: { mode: 'off', applied: false, replaced_characters: 0 } });
    await h.drain();
    await waitFor(() => h.recipients(off.body.data.message_id), (r) => r.every((x) => x.state === 'sent'));
    for (const phone of TO) {
      const { parts, bodies } = partsOf(s.submits.slice(before), phone);
      expect(parts).toEqual([1, 2, 3, 4].map((seq) => [8, 0x40, `05000304${seq.toString(16).padStart(2, '0')}`, seq < 4 ? 134 : 4]));
      expect(Buffer.concat(bodies).swap16().toString('utf16le')).toBe(FRENCH_ORDER);
    }
    const [offRow] = await h.db.execute<{ original_body: string | null }>(sql`select original_body from message_texts where message_id = ${off.body.data.message_id}`);
    expect(offRow.original_body).toBeNull();
  });
});
