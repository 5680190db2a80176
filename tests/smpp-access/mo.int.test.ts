import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import smpp from 'smpp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { decodeMoText } from '@/server/domain/carrier/smpp/mo-text';
import { reportInbound } from '@/server/domain/delivery/carrier-port';
import { enableSmpp } from '@/server/domain/smpp-access/credentials';
import { inTransaction } from '@/server/lib/after-commit';
import { framedSession, rawPdu } from '@/server/smpp/codec/framed-session';
import { parseSubmitSm, type RawSubmit } from '@/server/smpp/codec/read-pdu';
import { smppAccessPort } from '@/server/domain/smpp-access/server-port';
import { startSmppListener, type SmppListener } from '@/server/smpp/server/listener';
import { carrierHarness, waitFor } from '../carrier/harness';
import { assignNumber, inboundRows } from '../carrier/inbound-helpers';
import { closePools } from '../helpers';

/**
 * D18 over D15: MO handed to the app's merchant SMPP sessions as deliver_sm. The real listener, ESMEs of the npm
 * `smpp` library bound to it (each deliver_sm read from its octets), MO from the sandbox's POST /inbound/simulate
 * and from a test SMSC through a running connector.
 */
const h = carrierHarness();
const listeners: SmppListener[] = [];
const esmes: smpp.Session[] = [];
afterEach(async () => {
  for (const s of esmes.splice(0)) s.destroy();
  await Promise.all(listeners.splice(0).map((l) => l.close()));
  await h.stopManagers();
});
afterAll(closePools);

async function listener() {
  const l = await startSmppListener({ backend: smppAccessPort({ db: h.db, secret: h.env.APP_SECRET, environment: h.env.SMS_ENV, listenerId: `mo-${listeners.length}` }), port: 0, host: '127.0.0.1', receiptPollMs: 50 });
  listeners.push(l);
  return l;
}

async function merchant(number: string, withSmpp = true) {
  const m = await h.merchant();
  await assignNumber(h.db, m, number);
  const creds = withSmpp ? (await h.db.transaction((tx) => enableSmpp(tx, h.env.APP_SECRET, m.appId, 'test')))! : null;
  return { ...m, creds };
}

type Got = RawSubmit & { session: smpp.Session };
/**
 * An ESME bound to the listener that records every deliver_sm it reads, as its octets say (deliver_sm has submit_sm's
 * layout), and answers each with `answer(pdu)` (0 unless told).
 */
async function esme(port: number, creds: { system_id: string; password: string }, mode: 'bind_receiver' | 'bind_transceiver', got: Got[], answer: (n: number) => number = () => 0) {
  const s = await new Promise<smpp.Session>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const c = framedSession(socket);
    socket.once('connect', () => resolve(c));
    c.on('error', reject);
    esmes.push(c);
  });
  s.on('deliver_sm', (pdu: smpp.Pdu) => {
    got.push({ ...parseSubmitSm(rawPdu(pdu)!)!, session: s });
    s.send(pdu.response({ command_status: answer(got.length) }));
  });
  const r = await new Promise<smpp.Pdu>((resolve) => s[mode]({ system_id: creds.system_id, password: creds.password }, resolve));
  expect(r.command_status).toBe(0);
  return s;
}

const simulate = (key: string, to: string, text: string, from = '+243812345678') => h.call('POST', '/inbound/simulate', { key, body: { from, to, text } });
const owed = (appId: string) => h.db.execute<{ inbound_id: string; parts_done: number }>(sql`select inbound_id, parts_done from smpp_inbound_deliveries where app_id = ${appId} order by id`);
const settle = () => new Promise((r) => setTimeout(r, 300));
/** The app's owed MO once the listener has recorded what its ESMEs answered (`ok` says when). */
const owedWhen = (appId: string, ok: (rows: Array<{ inbound_id: string; parts_done: number }>) => boolean) => waitFor(() => owed(appId), ok);

describe('MO to merchant SMPP sessions (D18)', () => {
  it('a routed MO reaches the bound ESME as deliver_sm: esm_class 0, source the sender (1/1), destination the number (1/1), GSM septets', async () => {
    const m = await merchant('243990300001');
    const l = await listener();
    const got: Got[] = [];
    await esme(l.port, m.creds!, 'bind_transceiver', got);
    const res = await simulate(m.apiKey, '243990300001', 'Hi € @_ {ok}');
    expect(res.status).toBe(202);
    await waitFor(async () => got.length, (n) => n > 0);
    expect(got).toHaveLength(1);
    const { session: _, tlvs, short_message, ...fields } = got[0];
    expect(fields).toEqual({
      service_type: '', source_addr_ton: 1, source_addr_npi: 1, source_addr: '243812345678', dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '243990300001',
      esm_class: 0, protocol_id: 0, validity_period: '', registered_delivery: 0, data_coding: 0,
    });
    expect(short_message.toString('hex')).toBe('4869201b6520' + '0011' + '201b286f6b1b29');
    expect(tlvs.size).toBe(0);
    expect(await owedWhen(m.appId, (r) => !r.length)).toEqual([]);
  });

  it('a UCS-2 MO a carrier sent in 3 parts arrives as UDH parts (data_coding 8) that join back to the text', async () => {
    const m = await merchant('243990300002');
    const s = await h.smsc();
    const c = await h.connector('mo-esme-ucs2', s.port);
    h.manager();
    await waitFor(async () => s.sessions.length, (n) => n > 0);
    const l = await listener();
    const got: Got[] = [];
    await esme(l.port, m.creds!, 'bind_receiver', got);
    const text = 'Здравствуйте! Ваш заказ 😀 готов к выдаче. Спасибо, что выбрали нас. Хорошего дня и до встречи снова! Ответьте, если у вас есть вопросы о доставке.';
    const octets = Buffer.from(text, 'utf16le').swap16();
    const parts = [0, 134, 268].map((o) => octets.subarray(o, o + 134));
    for (const i of [0, 1, 2]) {
      const udh = Buffer.from([5, 0, 3, 0x42, 3, i + 1]);
      expect(await s.deliver({ source_addr: '243811300002', destination_addr: '243990300002', esm_class: 0x40, data_coding: 8, short_message: Buffer.concat([udh, parts[i]]) })).toBe(0);
    }
    const [row] = await inboundRows(h.db, sql`to_number = '243990300002'`);
    expect([row.text, row.carrier, row.segments]).toEqual([text, c.name, 3]);
    await waitFor(async () => got.length, (n) => n >= 3);
    await settle();
    expect(got.map((p) => [p.esm_class, p.data_coding, p.source_addr, p.destination_addr])).toEqual(Array(got.length).fill([0x40, 8, '243811300002', '243990300002']));
    const udhs = got.map((p) => p.short_message.subarray(0, 6));
    const ref = udhs[0][3];
    expect(udhs.map((u) => [...u])).toEqual(got.map((_, i) => [5, 0, 3, ref, got.length, i + 1]));
    expect(got.every((p) => p.short_message.length <= 140)).toBe(true);
    expect(decodeMoText(got.map((p) => p.short_message.subarray(6)), 'ucs2')).toBe(text);
  });

  it('an MO that came while no receiver was bound (a transmitter does not take it) goes out when one binds; a refusal is tried again', async () => {
    const m = await merchant('243990300003');
    const l = await listener();
    const got: Got[] = [];
    const tx = await new Promise<smpp.Session>((resolve) => {
      const c = smpp.connect({ url: `smpp://127.0.0.1:${l.port}` }, () => c.bind_transmitter({ system_id: m.creds!.system_id, password: m.creds!.password }, () => resolve(c)));
      esmes.push(c);
    });
    tx.on('deliver_sm', () => expect.fail('a transmitter got a deliver_sm'));
    const res = await simulate(m.apiKey, '243990300003', 'while you were away');
    await settle();
    expect((await owed(m.appId)).map((r) => r.inbound_id)).toEqual([res.body.data.inbound_id]);
    // the first answer is an error: not handed over, offered again (after 2 s)
    await esme(l.port, m.creds!, 'bind_receiver', got, (n) => (n === 1 ? 0x08 : 0));
    await waitFor(async () => got.length, (n) => n >= 2, 10_000);
    await settle();
    expect(got.map((p) => p.short_message.toString('latin1'))).toEqual(['while you were away', 'while you were away']);
    expect(await owedWhen(m.appId, (r) => !r.length)).toEqual([]);
  });

  it('a long MO whose second part was refused resumes at that part, with the same reference', async () => {
    const m = await merchant('243990300004');
    const l = await listener();
    const got: Got[] = [];
    await esme(l.port, m.creds!, 'bind_transceiver', got, (n) => (n === 2 ? 0x14 : 0));
    const text = 'Part of a longer reply. '.repeat(12).trim();
    await simulate(m.apiKey, '243990300004', text);
    await waitFor(async () => got.length, (n) => n >= 2);
    expect((await owedWhen(m.appId, (r) => r[0]?.parts_done === 1)).map((r) => r.parts_done)).toEqual([1]);
    await waitFor(async () => got.length, (n) => n >= 3, 10_000);
    await settle();
    expect(got.map((p) => p.short_message[5])).toEqual([1, 2, 2]);
    expect(new Set(got.map((p) => p.short_message[3])).size).toBe(1);
    expect(decodeMoText([got[0], got[2]].map((p) => p.short_message.subarray(6)), 'gsm')).toBe(text);
    expect(await owedWhen(m.appId, (r) => !r.length)).toEqual([]);
  });

  it('delivered once, on one of the app\'s sessions: not again after deliver_sm_resp, nor after the listener restarts', async () => {
    const m = await merchant('243990300005');
    const first = await listener();
    const got: Got[] = [];
    const a = await esme(first.port, m.creds!, 'bind_transceiver', got);
    const b = await esme(first.port, m.creds!, 'bind_receiver', got);
    for (let i = 0; i < 6; i++) expect((await simulate(m.apiKey, '243990300005', `once ${i}`)).status).toBe(202);
    await waitFor(async () => got.length, (n) => n >= 6);
    await settle();
    expect(got.map((p) => p.short_message.toString('latin1')).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `once ${i}`));
    expect(got.some((p) => p.session === a) && got.some((p) => p.session === b)).toBe(true); // spread over both
    expect(await owedWhen(m.appId, (r) => !r.length)).toEqual([]);

    await first.close();
    listeners.splice(listeners.indexOf(first), 1);
    const second = await listener();
    await esme(second.port, m.creds!, 'bind_transceiver', got);
    await new Promise((r) => setTimeout(r, 500));
    expect(got).toHaveLength(6);
  });

  it('an app without SMPP credentials gets nothing queued; an unrouted MO neither', async () => {
    const m = await merchant('243990300006', false);
    const res = await simulate(m.apiKey, '243990300006', 'no smpp here');
    expect(res.status).toBe(202);
    const s = await h.smsc();
    await h.connector('mo-esme-unrouted', s.port);
    h.manager();
    await waitFor(async () => s.sessions.length, (n) => n > 0);
    expect(await s.deliver({ source_addr: '243811300006', destination_addr: '243990399999', short_message: Buffer.from('nobody') })).toBe(0);
    const [unrouted] = await inboundRows(h.db, sql`to_number = '243990399999'`);
    expect(unrouted.app_id).toBeNull();
    const queued = await h.db.execute(sql`select 1 from smpp_inbound_deliveries where inbound_id in (${res.body.data.inbound_id}, ${unrouted.id})`);
    expect(queued).toHaveLength(0);
  });

  it('a carrier batch mixing apps with and without SMPP and unrouted MO: each routed, replied and queued as if alone', async () => {
    const withSmpp = await merchant('243990300007');
    const without = await merchant('243990300008', false);
    const sent = await h.send(without.apiKey, ['+243811300008'], 'Reply to this');
    const mo = (to: string, from: string, text: string) => ({ carrier: 'mno-a', connectorId: null, from, to, text, encoding: 'gsm7' as const, segments: 1, complete: true, receivedAt: new Date() });
    const got = await inTransaction(h.db, (tx) =>
      reportInbound(tx, [mo('243990300007', '+243811300007', 'one'), mo('243990300008', '+243811300008', 'two'), mo('243990309999', '+243811300009', 'three'), mo('+243990300007', '+243811300007', 'four')], new Date()),
    );
    expect(got.map((r) => r.appId)).toEqual([withSmpp.appId, without.appId, null, withSmpp.appId]);
    const rows = await inboundRows(h.db, sql`id in (${got[0].inboundId}, ${got[1].inboundId}, ${got[2].inboundId}, ${got[3].inboundId})`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(got.map((r) => [byId.get(r.inboundId)!.text, byId.get(r.inboundId)!.in_reply_to])).toEqual([['one', null], ['two', sent], ['three', null], ['four', null]]);
    expect((await owed(withSmpp.appId)).map((r) => r.inbound_id).sort()).toEqual([got[0].inboundId, got[3].inboundId].sort());
    expect(await owed(without.appId)).toEqual([]);
  });
});
