import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { decodeGsm } from '@/server/smpp/codec/gsm';
import { firstSigningSecret } from '@/server/domain/keys/rotate-signing-secret';
import { deliverDueWebhooks } from '@/server/domain/webhooks/deliver-due';
import { collectDbGauges } from '@/server/metrics/db-gauges';
import { inboundMessagesReceived, inboundUnrouted } from '@/server/metrics/registry';
import { closePools } from '../helpers';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { carrierHarness, waitFor } from './harness';
import { assignNumber, inboundRows, receivedEvents, setInboundUrl } from './inbound-helpers';

/**
 * D18 over SMPP: MO deliver_sm / data_sm from the test SMSC (the same npm `smpp` library, real sockets) to a
 * connector held by a running ConnectorManager, stored before the response, routed by number and keyword, and
 * posted as sms.received by the webhook delivery job's own code.
 */
const h = carrierHarness();
const receivers: Receiver[] = [];
afterEach(() => h.stopManagers());
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await closePools();
});

const deliverWebhooks = () => deliverDueWebhooks({ db: h.db, env: h.env, now: () => new Date() });
const ucs2 = (text: string) => Buffer.from(text, 'utf16le').swap16();

/** A connector on a fresh test SMSC, bound, and a merchant whose app has an inbound_url and a webhook_url on one receiver. */
async function setup(name: string, smscOpts?: Parameters<typeof h.smsc>[0]) {
  const s = await h.smsc(smscOpts);
  const c = await h.connector(name, s.port);
  const m = await h.merchant();
  const r = await startReceiver();
  receivers.push(r);
  await setInboundUrl(h.db, m.appId, `${r.url}/inbound`);
  await h.db.execute(sql`update gateway_apps set webhook_url = ${`${r.url}/events`} where id = ${m.appId}`);
  h.manager();
  await waitFor(async () => s.sessions.length, (n) => n > 0);
  return { s, c, m, r };
}

describe('MO over SMPP (D18)', () => {
  it('a GSM MO to a dedicated number: stored before deliver_sm_resp, posted signed to inbound_url only, with D18 fields in order', async () => {
    const { s, m, r } = await setup('mo-gsm');
    await h.route('2438113', [(await h.db.execute<{ id: string }>(sql`select id from connectors where name = 'mo-gsm'`))[0].id]);
    await assignNumber(h.db, m, '243990001111');
    const sent = await h.send(m.apiKey, ['+243811301234'], 'Your order shipped');

    const status = await s.deliver({ source_addr: '243811301234', destination_addr: '243990001111', data_coding: 0, short_message: Buffer.from([0x48, 0x69, 0x20, 0x1b, 0x65, 0x20, 0x00]) });
    expect(status).toBe(0);
    // stored when the answer came (not after)
    const [row] = await inboundRows(h.db, sql`to_number = '243990001111'`);
    expect(row).toMatchObject({ organization_id: m.organizationId, app_id: m.appId, from_phone: '+243811301234', text: 'Hi € @', encoding: 'gsm7', segments: 1, complete: true, carrier: 'mo-gsm', keyword: null, in_reply_to: sent });
    const [event] = await receivedEvents(h.db, row.id);

    await deliverWebhooks();
    // webhook_url has the send's events, never an inbound one
    expect(r.on('/events').map((x) => x.json.event_type)).not.toContain('sms.received');
    expect(r.on('/events').length).toBeGreaterThan(0);
    const [hit] = r.on('/inbound');
    expect(hit.json.event_id).toBe(event.id);
    expect(new Webhook(firstSigningSecret(h.env.APP_SECRET, m.appId)).verify(hit.body, hit.headers as Record<string, string>)).toEqual(hit.json);
    expect(Object.keys(hit.json)).toEqual(['event_id', 'event_type', 'timestamp', 'inbound_id', 'data']);
    expect(hit.json).toMatchObject({ event_type: 'sms.received', inbound_id: row.id });
    expect(Object.keys(hit.json.data)).toEqual(['from', 'to', 'keyword', 'text', 'encoding', 'segments', 'complete', 'received_at', 'carrier', 'in_reply_to', 'opt_out']);
    expect(hit.json.data).toEqual({
      from: '+243811301234', to: '243990001111', keyword: null, text: 'Hi € @', encoding: 'gsm7', segments: 1, complete: true,
      received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), carrier: 'mo-gsm', in_reply_to: sent, opt_out: null,
    });
    expect(hit.json.timestamp).toMatch(/Z$/);
  });

  it('UCS-2 in 3 parts, by UDH (8-bit reference, out of order) and by SAR: one MO each, joined', async () => {
    const { s, m, r } = await setup('mo-ucs2');
    await assignNumber(h.db, m, '243990002222');
    const text = 'Здравствуйте! Ваш заказ 😀 готов к выдаче. Спасибо, что выбрали нас. Хорошего дня и до встречи снова! Ещё раз спасибо. Ответьте на это сообщение, если у вас есть вопросы о доставке.';
    const octets = ucs2(text);
    const cuts = [0, 134, 268, octets.length].map((o, i, a) => (i === 3 ? o : Math.min(o, a[3])));
    const parts = [0, 1, 2].map((i) => octets.subarray(cuts[i], cuts[i + 1]));
    expect(parts[2].length).toBeGreaterThan(0);
    const udh = (i: number) => Buffer.concat([Buffer.from([5, 0, 3, 0x7e, 3, i + 1]), parts[i]]);
    for (const i of [2, 0, 1]) expect(await s.deliver({ source_addr: '243811302222', destination_addr: '243990002222', esm_class: 0x40, data_coding: 8, short_message: udh(i) })).toBe(0);
    for (const i of [0, 1, 2]) {
      expect(await s.deliver({ source_addr: '243811303333', destination_addr: '243990002222', data_coding: 8, short_message: parts[i], sar_msg_ref_num: 0x1234, sar_total_segments: 3, sar_segment_seqnum: i + 1 })).toBe(0);
    }
    const rows = await inboundRows(h.db, sql`to_number = '243990002222'`);
    expect(rows.map((x) => [x.from_phone, x.text, x.encoding, x.segments, x.complete])).toEqual([
      ['+243811302222', text, 'ucs2', 3, true],
      ['+243811303333', text, 'ucs2', 3, true],
    ]);
    expect(await h.db.execute(sql`select 1 from carrier_mo_parts`)).toHaveLength(0);
    await deliverWebhooks();
    expect(r.on('/inbound').map((x) => [x.json.data.text, x.json.data.segments])).toEqual([[text, 3], [text, 3]]);
  });

  it('keyword routing on a shared short code: first word, case and accents folded; then the catch-all; else unrouted and counted', async () => {
    const { s, m } = await setup('mo-keywords');
    const other = await h.merchant();
    await assignNumber(h.db, m, '4321', 'Shop');
    await assignNumber(h.db, other, '4321');
    const counted = async () => {
      const v = (await inboundMessagesReceived.get()).values;
      return v.find((x) => x.labels.routed === 'no')?.value ?? 0;
    };
    const before = await counted();
    const mo = (text: string, to = '4321') => s.deliver({ source_addr: '243811304444', destination_addr: to, data_coding: 3, short_message: Buffer.from(text, 'latin1') });
    for (const text of ['  shôp! 2 shirts', 'SHOP', 'Shopping list', 'hello']) expect(await mo(text)).toBe(0);
    expect(await mo('SHOP', '9876')).toBe(0);
    const rows = await inboundRows(h.db, sql`from_phone = '+243811304444'`);
    expect(rows.map((x) => [x.text, x.app_id, x.to_number, x.keyword])).toEqual([
      ['  shôp! 2 shirts', m.appId, '4321', 'Shop'],
      ['SHOP', m.appId, '4321', 'Shop'],
      ['Shopping list', other.appId, '4321', null],
      ['hello', other.appId, '4321', null],
      ['SHOP', null, '9876', null],
    ]);
    expect(rows[0].encoding).toBe('latin1');
    expect(await receivedEvents(h.db, rows[4].id)).toHaveLength(0);
    expect(await counted()).toBe(before + 1);
    await collectDbGauges(h.db, new Date());
    expect((await inboundUnrouted.get()).values[0].value).toBeGreaterThanOrEqual(1);
  });

  it('STOP (D19): listed, and the free reply goes back through the connector from the number, delivered; then a send to 3 numbers skips it, charged for 2', async () => {
    const { s, c, m, r } = await setup('mo-stop', { messageIds: (n) => String(n), autoReceipt: { id: (mid) => mid } });
    await h.route('2438116', [c.id]);
    await assignNumber(h.db, m, '243990008888');
    const reply = `You will no longer receive messages from ${(await h.db.execute<{ name: string }>(sql`select name from organizations where id = ${m.organizationId}`))[0].name}. Reply START to resubscribe.`;
    const stop = { source_addr: '243811606666', destination_addr: '243990008888', data_coding: 0, short_message: Buffer.from('Stop!') };
    expect(await s.deliver(stop)).toBe(0);
    // the carrier's resend of it: not a second MO, so no second reply
    expect(await s.deliver(stop)).toBe(0);
    const [row] = await h.db.execute<{ id: string; opt_out: string }>(sql`select id, opt_out from inbound_messages where to_number = '243990008888'`);
    expect(row.opt_out).toBe('stop');
    expect(await h.db.execute(sql`select phone, source from opt_outs where organization_id = ${m.organizationId}`)).toEqual([{ phone: '+243811606666', source: 'keyword' }]);
    const [sent] = await h.db.execute<{ id: string; sender_id: string; body: string; total_cost: string }>(sql`
      select id, sender_id, t.body, total_cost::text from messages m join message_texts t on t.message_id = m.id
       where organization_id = ${m.organizationId} and channel = 'keyword'`);
    expect(sent).toMatchObject({ sender_id: '243990008888', body: reply, total_cost: '0.0000' });

    await h.drain();
    const [submit] = await waitFor(async () => s.submits.filter((x) => x.destination_addr === '243811606666'), (x) => x.length > 0);
    expect([submit.source_addr, submit.short_message.toString('latin1')]).toEqual(['243990008888', reply]);
    const [recipient] = await waitFor(() => h.recipients(sent.id), (x) => x[0]?.state === 'delivered');
    expect(recipient).toMatchObject({ phone: '+243811606666', state: 'delivered', carrier: 'mo-stop' });
    expect(await h.db.execute(sql`select 1 from wallet_ledger where message_id = ${sent.id}`)).toHaveLength(0);

    const res = await h.call('POST', '/send', { key: m.apiKey, body: { to: ['+243811601234', '+243811606666', '+243811605678'], message: 'Sale today' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total_recipients: 3, suppressed_recipients: 1, total_messages: 2, total_cost: 0.04 });
    const ledger = await h.db.execute<{ entry_type: string; amount: string }>(sql`select entry_type, amount::text from wallet_ledger where message_id = ${res.body.data.message_id}`);
    expect(ledger).toEqual([{ entry_type: 'charge', amount: '-0.0400' }]);
    await h.drain();
    await waitFor(async () => s.submits.length, (n) => n >= 3);
    expect(s.submits.map((x) => x.destination_addr).sort()).toEqual(['243811601234', '243811605678', '243811606666']);

    await deliverWebhooks();
    expect(r.on('/inbound').filter((x) => x.json.event_type === 'contact.opted_out').map((x) => x.json.data)).toEqual([
      { phone: '+243811606666', source: 'keyword', number: '243990008888' },
    ]);
    expect(r.on('/inbound').find((x) => x.json.inbound_id === row.id)?.json.data.opt_out).toBe('stop');
  });

  it('ARRET over SMPP (D23) gets the French reply, through the connector; STOP the English one', async () => {
    const { s, c, m } = await setup('mo-arret', { messageIds: (n) => String(n) });
    await h.route('2438117', [c.id]);
    await assignNumber(h.db, m, '243990008877');
    const [{ name }] = await h.db.execute<{ name: string }>(sql`select name from organizations where id = ${m.organizationId}`);
    expect(await s.deliver({ source_addr: '243811707777', destination_addr: '243990008877', data_coding: 0, short_message: Buffer.from('Arret') })).toBe(0);
    expect(await s.deliver({ source_addr: '243811708888', destination_addr: '243990008877', data_coding: 8, short_message: ucs2('STOP') })).toBe(0);
    await h.drain();
    const submits = await waitFor(async () => s.submits.filter((x) => x.source_addr === '243990008877'), (x) => x.length === 2);
    expect(submits.map((x) => [x.destination_addr, x.data_coding, decodeGsm(x.short_message)]).sort()).toEqual([
      ['243811707777', 0, `Vous ne recevrez plus de messages de ${name}. Répondez OUI pour vous réabonner.`],
      ['243811708888', 0, `You will no longer receive messages from ${name}. Reply START to resubscribe.`],
    ]);
  });

  it('the carrier resending the same PDU (a new sequence number) within 60 s: answered, one MO, one event', async () => {
    const { s, m } = await setup('mo-resend');
    await assignNumber(h.db, m, '243990003333');
    const pdu = { source_addr: '243811305555', destination_addr: '243990003333', short_message: Buffer.from('Once only') };
    expect(await Promise.all([s.deliver(pdu), s.deliver(pdu)])).toEqual([0, 0]);
    expect(await s.deliver(pdu)).toBe(0);
    // a part resent after its concatenation was joined is a resend too
    const part = (i: number) => ({ source_addr: '243811305555', destination_addr: '243990003333', esm_class: 0x40, short_message: Buffer.from([5, 0, 3, 9, 2, i, 0x41 + i]) });
    expect(await s.deliver(part(1))).toBe(0);
    expect(await s.deliver(part(2))).toBe(0);
    expect(await s.deliver(part(1))).toBe(0);
    const rows = await inboundRows(h.db, sql`from_phone = '+243811305555'`);
    expect(rows.map((x) => x.text)).toEqual(['Once only', 'BC']);
    expect(await receivedEvents(h.db, rows[0].id)).toHaveLength(1);
    expect(await h.db.execute(sql`select 1 from carrier_mo_parts`)).toHaveLength(0);
  });

  it('data_sm MO (message_payload) is answered data_sm_resp after it is stored; message_payload in deliver_sm too', async () => {
    const { s, m } = await setup('mo-data-sm');
    await assignNumber(h.db, m, '243990004444');
    expect(await s.deliver({ source_addr: '243811306666', destination_addr: '243990004444', data_coding: 3, message_payload: Buffer.from('Très bien', 'latin1') }, { command: 'data_sm' })).toBe(0);
    const long = 'x'.repeat(12_000);
    expect(await s.deliver({ source_addr: '243811306666', destination_addr: '243990004444', data_coding: 1, short_message: Buffer.alloc(0), message_payload: Buffer.from(long) })).toBe(0);
    const rows = await inboundRows(h.db, sql`from_phone = '+243811306666'`);
    expect(rows.map((x) => [x.text.length > 20 ? x.text.length : x.text, x.encoding, x.segments])).toEqual([['Très bien', 'latin1', 1], [12_000, 'gsm7', 1]]);
  });

  it('an empty MO, NUL and lone surrogates are stored (as U+FFFD), binary as hex; receipts keep working beside MO', async () => {
    const { s, m, c } = await setup('mo-hostile');
    await h.route('2438114', [c.id]);
    await assignNumber(h.db, m, '243990005555');
    const mo = (o: Record<string, unknown>) => s.deliver({ source_addr: '243811307777', destination_addr: '243990005555', ...o });
    expect(await mo({ short_message: Buffer.alloc(0) })).toBe(0);
    expect(await mo({ data_coding: 8, short_message: Buffer.from([0xd8, 0x3d, 0x00, 0x00, 0x00, 0x41, 0xdc, 0x00]) })).toBe(0);
    expect(await mo({ data_coding: 4, short_message: Buffer.from([0x00, 0xff, 0x10]) })).toBe(0);
    const rows = await inboundRows(h.db, sql`from_phone = '+243811307777'`);
    expect(rows.map((x) => [x.text, x.encoding])).toEqual([['', 'gsm7'], ['\uFFFD\uFFFDA\uFFFD', 'ucs2'], ['00ff10', 'binary']]);
    const id = await h.send(m.apiKey, ['+243811401234'], 'receipt after MO');
    await waitFor(() => h.recipients(id), (x) => x.every((y) => y.state === 'sent'));
    expect(await s.receipt(s.submits[0].messageId!, 'DELIVRD')).toBe(0);
    expect((await waitFor(() => h.recipients(id), (x) => x.every((y) => y.state === 'delivered'))).map((x) => x.state)).toEqual(['delivered']);
  });

  it('a PDU over 16 KB (a 64 KB message_payload) closes that session unanswered, nothing stored; it binds again and works', async () => {
    const { s, m } = await setup('mo-oversized');
    await assignNumber(h.db, m, '243990006666');
    const pdu = Buffer.alloc(16 + 64 * 1024 + 64);
    pdu.writeUInt32BE(pdu.length, 0);
    pdu.writeUInt32BE(0x00000005, 4); // deliver_sm
    pdu.writeUInt32BE(77, 12);
    const first = s.sessions[0];
    s.writeRaw(pdu);
    await waitFor(async () => s.sessions.includes(first), (open) => !open, 5000);
    expect(s.sessions.includes(first)).toBe(false);
    await waitFor(async () => s.sessions.length, (n) => n > 0, 10_000);
    expect(await s.deliver({ source_addr: '243811308888', destination_addr: '243990006666', short_message: Buffer.from('after') })).toBe(0);
    expect((await inboundRows(h.db, sql`to_number = '243990006666'`)).map((x) => x.text)).toEqual(['after']);
  });

  it('an MO whose octets break the PDU layout is refused for good (0x64), nothing stored', async () => {
    const { s } = await setup('mo-malformed');
    // a source address of 30 octets (deliver_sm allows 21)
    expect(await s.deliver({ source_addr: '2'.repeat(30), destination_addr: '4321', short_message: Buffer.from('x') })).toBe(0x64);
    expect(await inboundRows(h.db, sql`text = 'x'`)).toHaveLength(0);
  });

  it('parts that stop coming: after 5 minutes the sweep sends what arrived on (complete: false); a reused reference pushes the waiting one on', async () => {
    const { s, m, r } = await setup('mo-incomplete');
    await assignNumber(h.db, m, '243990007777');
    const part = (ref: number, total: number, seq: number, text: string) =>
      s.deliver({ source_addr: '243811309999', destination_addr: '243990007777', esm_class: 0x40, short_message: Buffer.concat([Buffer.from([5, 0, 3, ref, total, seq]), Buffer.from(text)]) });
    expect(await part(1, 3, 1, 'first ')).toBe(0);
    expect(await part(1, 3, 3, 'third')).toBe(0);
    // the same reference and place again with other text: the carrier started a new concatenation
    expect(await part(2, 2, 1, 'old')).toBe(0);
    expect(await part(2, 2, 1, 'new ')).toBe(0);
    expect(await part(2, 2, 2, 'end')).toBe(0);
    expect((await inboundRows(h.db, sql`to_number = '243990007777'`)).map((x) => [x.text, x.segments, x.complete])).toEqual([['old', 1, false], ['new end', 2, true]]);
    await h.db.execute(sql`update carrier_mo_parts set received_at = received_at - interval '5 minutes 1 second'`);
    const rows = await waitFor(() => inboundRows(h.db, sql`to_number = '243990007777'`), (x) => x.length === 3, 5000);
    expect(rows.map((x) => [x.text, x.segments, x.complete])).toEqual([['old', 1, false], ['new end', 2, true], ['first third', 2, false]]);
    await deliverWebhooks();
    expect(r.on('/inbound').find((x) => x.json.data.text === 'first third')!.json.data).toMatchObject({ complete: false, segments: 2 });
  });
});
