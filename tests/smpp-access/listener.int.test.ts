import { sql } from 'drizzle-orm';
import smpp from 'smpp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { enableSmpp, setSmppTps } from '@/server/domain/smpp-access/credentials';
import { smppAccessPort } from '@/server/domain/smpp-access/server-port';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { startSmppListener, type SmppListener } from '@/server/smpp/server/listener';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { drain } from '../pipeline/drain';
import { deriveReceipts } from '@/server/domain/smpp-access/receipts';
import { deliveryTasks } from '../pipeline/harness';

const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const deps = testDeps({ env });
const db = deps.db;
const call = restClient(deps);
const { tasks } = deliveryTasks(db, env);
const listeners: SmppListener[] = [];
const esmes: smpp.Session[] = [];

afterEach(async () => {
  for (const s of esmes.splice(0)) s.destroy();
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});
afterAll(closePools);

async function listener(opts: { idleMs?: number; heartbeatMs?: number; receiptPollMs?: number } = {}) {
  const l = await startSmppListener({ backend: smppAccessPort({ db, secret: env.APP_SECRET, environment: env.SMS_ENV, listenerId: `test-${listeners.length}` }), port: 0, host: '127.0.0.1', ...opts });
  listeners.push(l);
  return l;
}

async function merchant(prepaid = '10') {
  const m = await makeMerchant(db, env, { prepaid });
  const creds = (await db.transaction((tx) => enableSmpp(tx, env.APP_SECRET, m.appId, 'test')))!;
  return { ...m, creds };
}

function esme(port: number): Promise<smpp.Session> {
  return new Promise((resolve, reject) => {
    const s = smpp.connect({ url: `smpp://127.0.0.1:${port}` }, () => resolve(s));
    s.on('error', reject);
    esmes.push(s);
  });
}

const ask = (s: smpp.Session, command: 'bind_transceiver' | 'bind_transmitter' | 'bind_receiver' | 'submit_sm' | 'enquire_link', fields: Record<string, unknown> = {}) =>
  new Promise<smpp.Pdu>((resolve) => (s[command] as (o: Record<string, unknown>, cb: (p: smpp.Pdu) => void) => void)(fields, resolve));

async function bound(port: number, creds: { system_id: string; password: string }, mode: 'bind_transceiver' | 'bind_transmitter' | 'bind_receiver' = 'bind_transceiver') {
  const s = await esme(port);
  const r = await ask(s, mode, { system_id: creds.system_id, password: creds.password, interface_version: 0x34 });
  expect(r.command_status).toBe(0);
  return s;
}

describe('SMPP access for merchants (D15)', () => {
  it('enable-smpp gives a system_id of at most 15 characters and an 8-character password, stored as a digest; again rotates it', async () => {
    const m = await merchant();
    expect(m.creds.system_id).toMatch(/^gw[a-z0-9]{10}$/);
    expect(m.creds.password).toMatch(/^[A-Za-z0-9]{8}$/);
    const [row] = await db.execute<{ smpp_password_digest: string }>(sql`select smpp_password_digest from gateway_apps where id = ${m.appId}`);
    expect(row.smpp_password_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(row.smpp_password_digest).not.toContain(m.creds.password);
    const again = (await db.transaction((tx) => enableSmpp(tx, env.APP_SECRET, m.appId, 'test')))!;
    expect(again.system_id).toBe(m.creds.system_id);
    expect(again.password).not.toBe(m.creds.password);
    const l = await listener();
    const old = await esme(l.port);
    expect((await ask(old, 'bind_transceiver', { system_id: m.creds.system_id, password: m.creds.password })).command_status).toBe(0x0e);
    await bound(l.port, again);
  });

  it('bind errors: an unknown system_id and a wrong password both 0x0E (a bind never tells which system_ids exist), a key that is not allowed 0x0D, a fifth session 0x0D; PDUs before a bind 0x04', async () => {
    const m = await merchant();
    const l = await listener();
    const s1 = await esme(l.port);
    expect((await ask(s1, 'submit_sm', { destination_addr: '243810001234', short_message: 'x' })).command_status).toBe(0x04);
    const unknown = await ask(s1, 'bind_transceiver', { system_id: 'nobody', password: 'whatever' });
    const s2 = await esme(l.port);
    const wrong = await ask(s2, 'bind_transceiver', { system_id: m.creds.system_id, password: 'wrong123' });
    expect(unknown.command_status).toBe(0x0e);
    expect(wrong.command_status).toBe(0x0e);
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(wrong).sort());
    const s4 = await esme(l.port);
    expect((await ask(s4, 'bind_transmitter', { system_id: `${m.creds.system_id}x`, password: m.creds.password })).command_status).toBe(0x0e);
    for (let i = 0; i < 4; i++) await bound(l.port, m.creds, i % 2 ? 'bind_transmitter' : 'bind_receiver');
    const fifth = await esme(l.port);
    expect((await ask(fifth, 'bind_transceiver', { system_id: m.creds.system_id, password: m.creds.password })).command_status).toBe(0x0d);

    const n = await merchant();
    await db.execute(sql`update gateway_apps set status = 'suspended' where id = ${n.appId}`);
    const s3 = await esme(l.port);
    expect((await ask(s3, 'bind_transceiver', { system_id: n.creds.system_id, password: n.creds.password })).command_status).toBe(0x0d);
  });

  it('the session limit holds across two listeners; a session that ends frees its place', async () => {
    const m = await merchant();
    const a = await listener();
    const b = await listener();
    const sessions: smpp.Session[] = [];
    for (let i = 0; i < 4; i++) sessions.push(await bound(i % 2 ? a.port : b.port, m.creds));
    const extra = await esme(a.port);
    expect((await ask(extra, 'bind_transceiver', { system_id: m.creds.system_id, password: m.creds.password })).command_status).toBe(0x0d);
    const gone = new Promise((r) => sessions[0].on('close', r));
    sessions[0].unbind();
    await gone;
    await new Promise((r) => setTimeout(r, 100)); // the listener deletes the row when it sees the close
    await bound(a.port, m.creds);
  });

  it('submit_sm goes through the send path: billed, queued, visible in GET /status and marked smpp', async () => {
    const m = await merchant('10');
    const l = await listener();
    const s = await bound(l.port, m.creds, 'bind_transmitter');
    const r = await ask(s, 'submit_sm', { source_addr: 'ACME', destination_addr: '0810001234', short_message: Buffer.from('Hello over SMPP', 'latin1'), data_coding: 0, registered_delivery: 1 });
    expect(r.command_status).toBe(0);
    const id = r.message_id as string;
    expect(id).toMatch(/^msg_/);
    const status = await call('GET', `/status/${id}`, { key: m.apiKey });
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ message_id: id, total_recipients: 1, total_messages: 1, total_cost: 0.02, sending_type: 'immediate' });
    const [row] = await db.execute<{ channel: string; smpp_registered_delivery: number; body: string; sender_id: string }>(
      sql`select channel, smpp_registered_delivery, t.body, sender_id from messages m join message_texts t on t.message_id = m.id where m.id = ${id}`,
    );
    expect(row).toEqual({ channel: 'smpp', smpp_registered_delivery: 1, body: 'Hello over SMPP', sender_id: 'ACME' });
    const [rcpt] = await db.execute<{ phone: string }>(sql`select phone from message_recipients where message_id = ${id}`);
    expect(rcpt.phone).toBe('+243810001234'); // D3: the organization's default country
    const balance = await call('GET', '/balance', { key: m.apiKey });
    expect(balance.body.data.sms_wallet_balance).toBe(9.98); // the same charge as POST /send: prepaid first
    const [ledger] = await db.execute<{ n: number }>(sql`select count(*)::int as n from wallet_ledger where message_id = ${id}`);
    expect(ledger.n).toBe(1);
  });

  it('UCS-2 (data_coding 8) and a UDH part (one segment each); GSM extension characters decoded', async () => {
    const m = await merchant('10');
    const l = await listener();
    const s = await bound(l.port, m.creds);
    const ucs = await ask(s, 'submit_sm', { destination_addr: '+243810001111', data_coding: 8, short_message: Buffer.from('Jambo ☺', 'utf16le').swap16() });
    expect(ucs.command_status).toBe(0);
    const text = 'x'.repeat(153);
    const udh = Buffer.from([0x05, 0x00, 0x03, 0x2a, 0x02, 0x01]);
    const part = await ask(s, 'submit_sm', { destination_addr: '+243810002222', esm_class: 0x40, data_coding: 0, short_message: Buffer.concat([udh, Buffer.from(text, 'latin1')]) });
    expect(part.command_status).toBe(0);
    const gsm = await ask(s, 'submit_sm', { destination_addr: '+243810003333', data_coding: 0, short_message: Buffer.from([0x1b, 0x65, 0x20, 0x31, 0x30, 0x1b, 0x28]) });
    expect(gsm.command_status).toBe(0);
    const rows = await db.execute<{ id: string; body: string; encoding: string; segments: number; total_cost: string }>(
      sql`select id, t.body, encoding, segments, total_cost::text from messages m join message_texts t on t.message_id = m.id
           where id = any(${arrayLiteral([ucs.message_id, part.message_id, gsm.message_id] as string[])}::text[]) order by created_at, id`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ucs.message_id as string)).toMatchObject({ body: 'Jambo ☺', encoding: 'UCS-2', segments: 1 });
    expect(byId.get(part.message_id as string)).toMatchObject({ body: text, encoding: 'GSM-7', segments: 1, total_cost: '0.0200' });
    expect(byId.get(gsm.message_id as string)).toMatchObject({ body: '€ 10{', segments: 1 });
  });

  it('refusals: invalid destination 0x0B, insufficient balance 0x45, bad data_coding 0x45, over the app TPS 0x58', async () => {
    const poor = await merchant('0');
    const l = await listener();
    const s = await bound(l.port, poor.creds);
    expect((await ask(s, 'submit_sm', { destination_addr: '12', short_message: 'hi' })).command_status).toBe(0x0b);
    expect((await ask(s, 'submit_sm', { destination_addr: '+243810001234', short_message: 'hi' })).command_status).toBe(0x45);
    expect((await ask(s, 'submit_sm', { destination_addr: '+243810001234', data_coding: 4, short_message: Buffer.from([1, 2]) })).command_status).toBe(0x45);
    const [n] = await db.execute<{ n: number }>(sql`select count(*)::int as n from messages where app_id = ${poor.appId}`);
    expect(n.n).toBe(0);

    const rich = await merchant('10');
    await db.transaction((tx) => setSmppTps(tx, rich.appId, 3));
    const t = await bound(l.port, rich.creds);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(t, 'submit_sm', { destination_addr: `+2438100050${String(i).padStart(2, '0')}`, short_message: 'burst' })));
    const statuses = answers.map((a) => a.command_status);
    // within one second of the database clock at most 3 pass (a second boundary in the burst may let up to 6)
    expect(statuses.filter((x) => x === 0x58).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((x) => x === 0 || x === 0x58)).toBe(true);
  });

  it('speaks SMPP 3.4 to any ESME: generic_nack for an unknown command id, enquire_link, unbind, a receiver cannot submit (0x04), a second bind 0x05', async () => {
    const m = await merchant();
    const l = await listener();
    const s = await esme(l.port);
    const nack = new Promise<smpp.Pdu>((resolve) => s.on('generic_nack', resolve));
    const unknown = Buffer.alloc(16);
    unknown.writeUInt32BE(16, 0);
    unknown.writeUInt32BE(0x00000077, 4);
    unknown.writeUInt32BE(0, 8);
    unknown.writeUInt32BE(42, 12);
    s.socket.write(unknown);
    const n = await nack;
    expect([n.command_status, n.sequence_number]).toEqual([0x03, 42]);
    expect((await ask(s, 'enquire_link')).command_status).toBe(0);
    expect((await ask(s, 'bind_receiver', { system_id: m.creds.system_id, password: m.creds.password })).command_status).toBe(0);
    expect((await ask(s, 'bind_transceiver', { system_id: m.creds.system_id, password: m.creds.password })).command_status).toBe(0x05);
    expect((await ask(s, 'submit_sm', { destination_addr: '+243810001234', short_message: 'x' })).command_status).toBe(0x04);
    const closed = new Promise((r) => s.on('close', r));
    const resp = await new Promise<smpp.Pdu>((resolve) => s.unbind(resolve));
    expect(resp.command).toBe('unbind_resp');
    await closed;
  });

  it('an idle session (no PDU for the idle period) is dropped; a hostile length closes only that session', async () => {
    const m = await merchant();
    const l = await listener({ idleMs: 300, heartbeatMs: 100 });
    const idle = await bound(l.port, m.creds);
    await new Promise((r) => idle.on('close', r));
    const hostile = await esme(l.port);
    const big = Buffer.alloc(8);
    big.writeUInt32BE(0x7fffffff, 0);
    big.writeUInt32BE(0x00000004, 4);
    const closed = new Promise((r) => hostile.on('close', r));
    hostile.socket.write(big);
    await closed;
    const fine = await bound(l.port, m.creds);
    expect((await ask(fine, 'enquire_link')).command_status).toBe(0);
  });

  it('receipts: deliver_sm with esm_class 0x04, Appendix B text and the TLVs on the app\'s receiver; handed over only with deliver_sm_resp 0; queued while no receiver is bound', async () => {
    const m = await merchant('10');
    const l = await listener({ receiptPollMs: 50 });
    const tx = await bound(l.port, m.creds, 'bind_transmitter');
    const ok = await ask(tx, 'submit_sm', { source_addr: 'ACME', destination_addr: '+243810005555', short_message: 'Your code is 123456 - thanks', registered_delivery: 1 });
    const failing = await ask(tx, 'submit_sm', { destination_addr: '+243810001111', short_message: 'to a number that fails', registered_delivery: 1 });
    const silent = await ask(tx, 'submit_sm', { destination_addr: '+243810006666', short_message: 'no receipt asked', registered_delivery: 0 });
    const onlyFailures = await ask(tx, 'submit_sm', { destination_addr: '+243810007777', short_message: 'delivered, failures only', registered_delivery: 2 });
    expect([ok, failing, silent, onlyFailures].map((r) => r.command_status)).toEqual([0, 0, 0, 0]);
    await drain(db, tasks);
    // the same webhooks as a REST send: the terminal events exist
    const ev = await db.execute<{ event_type: string }>(sql`select event_type from webhook_events where message_id = ${ok.message_id} order by created_at, event_type`);
    expect(ev.map((e) => e.event_type)).toContain('sms.delivered');
    // nothing bound to take them yet (a transmitter does not): derived from the terminal events (its consumer, which the
    // listener also runs now and then) and stored. The consumer reads up to the oldest transaction still running on the
    // server (another test file's, in the suite), so it is run until they are there.
    const owedNow = () => db.execute<{ message_id: string; stat: string }>(sql`select message_id, stat from smpp_receipts where app_id = ${m.appId} order by id`);
    for (let tries = 0; tries < 100 && (await owedNow()).length < 2; tries++) {
      await deriveReceipts(db);
      await new Promise((r) => setTimeout(r, 100));
    }
    const owed = await owedNow();
    expect(owed.map((r) => [r.message_id, r.stat]).sort()).toEqual([[failing.message_id, 'UNDELIV'], [ok.message_id, 'DELIVRD']].sort());

    const rx = await esme(l.port);
    const got: smpp.Pdu[] = [];
    let refuseFirst = true;
    const all = new Promise<void>((resolve) => {
      rx.on('deliver_sm', (pdu: smpp.Pdu) => {
        if (refuseFirst) {
          refuseFirst = false; // the first answer is an error: not handed over, tried again
          rx.send(pdu.response({ command_status: 0x08 }));
          return;
        }
        got.push(pdu);
        rx.send(pdu.response());
        if (got.length === 2) resolve();
      });
    });
    expect((await ask(rx, 'bind_receiver', { system_id: m.creds.system_id, password: m.creds.password })).command_status).toBe(0);
    await all;
    const byId = new Map(got.map((p) => [p.receipted_message_id as string, p]));
    const d = byId.get(ok.message_id as string)!;
    expect([d.esm_class, d.source_addr, d.destination_addr, d.message_state]).toEqual([0x04, '243810005555', 'ACME', 2]);
    const text = Buffer.isBuffer(d.short_message) ? d.short_message.toString('latin1') : String((d.short_message as { message: string }).message);
    expect(text).toMatch(new RegExp(`^id:${ok.message_id} sub:001 dlvrd:001 submit date:\\d{10} done date:\\d{10} stat:DELIVRD err:000 text:Your code is 123456 $`));
    const f = byId.get(failing.message_id as string)!;
    expect(f.message_state).toBe(5);
    await new Promise((r) => setTimeout(r, 200));
    const left = await db.execute<{ n: number }>(sql`select count(*)::int as n from smpp_receipts where app_id = ${m.appId}`);
    expect(left[0].n).toBe(0);
  });

  it('query_sm answers the state of the app\'s own messages (another app\'s or an unknown id: 0x67); cancel_sm 0x11 (sent at once)', async () => {
    const m = await merchant('10');
    const other = await merchant('10');
    const l = await listener();
    const s = await bound(l.port, m.creds);
    const t = await bound(l.port, other.creds);
    const sent = await ask(s, 'submit_sm', { destination_addr: '+243810005555', short_message: 'query me' });
    const q = (session: smpp.Session, id: string) => new Promise<smpp.Pdu>((r) => session.query_sm({ message_id: id }, r));
    const before = await q(s, sent.message_id as string);
    expect([before.command_status, before.message_id, before.message_state]).toEqual([0, sent.message_id, 1]);
    await drain(db, tasks);
    const after = await q(s, sent.message_id as string);
    expect([after.command_status, after.message_state]).toEqual([0, 2]);
    expect(after.final_date).toBeTruthy();
    expect((await q(t, sent.message_id as string)).command_status).toBe(0x67);
    expect((await q(s, 'msg_nope')).command_status).toBe(0x67);
    const c = await new Promise<smpp.Pdu>((r) => s.cancel_sm({ message_id: sent.message_id }, r));
    expect(c.command_status).toBe(0x11);
  });

  it('submit_multi: one message to the valid addresses, the others listed in unsuccess_sme (0x0B; a distribution list 0x34)', async () => {
    const m = await merchant('10');
    const l = await listener();
    const s = await bound(l.port, m.creds);
    const r = await new Promise<smpp.Pdu>((resolve) =>
      (s as unknown as { submit_multi: (o: Record<string, unknown>, cb: (p: smpp.Pdu) => void) => void }).submit_multi(
        {
          dest_address: [
            { dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '243810001234' },
            { dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '12' },
            { dl_name: 'friends' },
            { dest_addr_ton: 0, dest_addr_npi: 1, destination_addr: '0970001234' },
          ],
          short_message: Buffer.from('to many', 'latin1'),
        },
        resolve,
      ),
    );
    expect(r.command_status).toBe(0);
    expect(r.unsuccess_sme).toEqual([
      { dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '12', error_status_code: 0x0b },
      { dest_addr_ton: 0, dest_addr_npi: 0, destination_addr: 'friends', error_status_code: 0x34 },
    ]);
    const rows = await db.execute<{ phone: string }>(sql`select phone from message_recipients where message_id = ${r.message_id} order by position`);
    expect(rows.map((x) => x.phone)).toEqual(['+243810001234', '+243970001234']);
    const [msg] = await db.execute<{ channel: string; total_cost: string }>(sql`select channel, total_cost::text from messages where id = ${r.message_id}`);
    expect(msg).toEqual({ channel: 'smpp', total_cost: '0.0380' }); // Vodacom 0.02 + Airtel 0.018
  });

  it('failed binds are throttled like sign-ins: after 10 a minute for one system_id even the right password is refused (0x0D); a success does not count', async () => {
    const m = await merchant();
    const l = await listener();
    const tryBind = async (password: string) => {
      const s = await esme(l.port);
      return (await ask(s, 'bind_transmitter', { system_id: m.creds.system_id, password })).command_status;
    };
    expect(await tryBind(m.creds.password)).toBe(0); // a success gives its slot back
    const wrong: number[] = [];
    for (let i = 0; i < 10; i++) wrong.push(await tryBind('wrong123'));
    expect(wrong).toEqual(Array(10).fill(0x0e));
    expect(await tryBind(m.creds.password)).toBe(0x0d);
    const [w] = await db.execute<{ n: number }>(sql`select count(*)::int as n from rate_limit_hits where app_id = ${`smpp-bind:${m.creds.system_id}`}`);
    expect(w.n).toBe(10);
  });
});
