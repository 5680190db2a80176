import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runCli } from '@/server/cli/run-cli';
import { sql } from 'drizzle-orm';
import { closePools } from '../helpers';
import { carrierHarness, waitFor } from './harness';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import smpp from 'smpp';
import { startSmsc } from './smsc';
import { carrierMo } from '@/server/metrics/registry';
import { ConnectorRuntime } from '@/server/domain/carrier/smpp/runtime';

const h = carrierHarness();
const smsc = h.smsc;
afterEach(() => h.stopManagers());
afterAll(closePools);

const states = (rows: Array<{ state: string }>) => rows.map((r) => r.state);

describe('SMPP connector through the worker code (D14)', () => {
  it('delivery walk: submit_sm, sent with carrier and message id, receipts -> delivered / failed DLR_UNDELIV', async () => {
    const s = await smsc({ systemId: 'gw', password: 'secret1' });
    const c = await h.connector('walk', s.port);
    await h.route('2438100', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243810001234', '+243810004321'], 'Hello from SMPP');
    const sent = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'));
    expect(sent.map((r) => [r.phone, r.state, r.carrier, r.carrier_message_id])).toEqual([
      ['+243810001234', 'sent', 'walk', 'm000001'],
      ['+243810004321', 'sent', 'walk', 'm000002'],
    ]);
    expect(s.binds).toEqual(['bind_transceiver:ok']);
    expect(s.submits.map((x) => [x.destination_addr, x.dest_addr_ton, x.dest_addr_npi, x.registered_delivery, x.data_coding, x.esm_class, x.validity_period])).toEqual([
      ['243810001234', 1, 1, 1, 0, 0, '000002000000000R'],
      ['243810004321', 1, 1, 1, 0, 0, '000002000000000R'],
    ]);
    expect(s.submits[0].short_message.toString('hex')).toBe(Buffer.from('Hello from SMPP', 'latin1').toString('hex'));

    expect(await s.receipt('m000001', 'DELIVRD')).toBe(0);
    // D14: the receipt is in Postgres by the time deliver_sm_resp reaches the SMSC
    const stored = await h.db.execute<{ stat: string }>(sql`select stat from carrier_receipts where connector_id = ${c.id} and carrier_message_id = 'm000001'`);
    expect(stored.map((x) => x.stat)).toEqual(['DELIVRD']);
    expect(await s.receipt('m000002', 'UNDELIV', '001', { tlv: true })).toBe(0);
    const done = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state !== 'sent'));
    expect(done.map((r) => [r.state, r.error_code, r.error_message])).toEqual([
      ['delivered', null, null],
      ['failed', 'DLR_UNDELIV', '001'],
    ]);
    const status = (await h.call('GET', `/status/${id}`, { key: m.apiKey })).body.data;
    expect(status).toMatchObject({ status: 'partially_delivered', delivered: 1, failed: 1, pending: 0 });
    const ev = await h.events(id);
    const first = ev.filter((e) => e.payload.data.recipient_phone === '+243810001234');
    expect(first.map((e) => e.event_type)).toEqual(['sms.processing', 'sms.sent', 'sms.delivered']);
    expect(first[1].payload.data).toEqual({ recipient_phone: '+243810001234', carrier: 'walk', carrier_message_id: 'm000001', sent_at: expect.any(String), dispatch_at: null });
    expect(ev.find((e) => e.event_type === 'sms.failed')!.payload.data).toMatchObject({ carrier: 'walk', error_code: 'DLR_UNDELIV', error_message: '001', retryable: true });
  });

  it('a mobile-originated deliver_sm is acknowledged (ESME_ROK) and counted, stored as an MO (D18), not a receipt: no recipient changes', async () => {
    const s = await smsc({ systemId: 'gw', password: 'secret1' });
    const c = await h.connector('mo', s.port);
    await h.route('2438112', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243811201234'], 'before the MO');
    const before = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'));
    const counted = async () => (await carrierMo.get()).values.find((v) => v.labels.connector === 'mo')?.value ?? 0;
    const mos = await counted();
    expect(await s.mo('243811201234', 'ACME', 'STOP')).toBe(0);
    expect(await counted()).toBe(mos + 1);
    expect(await h.recipients(id)).toEqual(before);
    const receipts = await h.db.execute(sql`select 1 from carrier_receipts where connector_id = ${c.id}`);
    expect(receipts.length).toBe(0);
    const mo = await h.db.execute(sql`select from_phone, to_number, text, organization_id from inbound_messages where connector_id = ${c.id}`);
    expect(mo).toEqual([{ from_phone: '+243811201234', to_number: 'ACME', text: 'STOP', organization_id: null }]);
    // the session stays usable: a receipt after the MO still moves the recipient
    expect(await s.receipt('m000001', 'DELIVRD')).toBe(0);
    const done = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'delivered'));
    expect(done.map((r) => r.state)).toEqual(['delivered']);
  });

  it('many receipts arriving together (stored as one batch): each is in Postgres when its deliver_sm_resp arrives', async () => {
    const s = await smsc({ systemId: 'gw', password: 'secret1' });
    const c = await h.connector('batch', s.port);
    await h.route('2438113', [c.id]);
    const m = await h.merchant();
    h.manager();
    const phones = Array.from({ length: 20 }, (_, i) => `+2438113${String(i).padStart(5, '0')}`);
    const id = await h.send(m.apiKey, phones, 'many receipts');
    await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'));
    const ids = s.submits.map((x) => x.messageId!);
    // each answer checks that its own receipt is in Postgres when deliver_sm_resp arrives
    const seen = await Promise.all(ids.map(async (mid) => {
      const status = await s.receipt(mid, 'DELIVRD');
      const rows = await h.db.execute(sql`select 1 from carrier_receipts where connector_id = ${c.id} and carrier_message_id = ${mid}`);
      return [status, rows.length];
    }));
    expect(seen).toEqual(ids.map(() => [0, 1]));
    const done = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'delivered'));
    expect(done.filter((r) => r.state === 'delivered').length).toBe(20);
  });

  it('hex-to-dec: submit_sm_resp ids in hexadecimal, receipts in decimal; an exact connector does not convert', async () => {
    const s = await smsc({ messageIds: (n) => (0x1f4a0 + n).toString(16).toUpperCase() });
    const c = await h.connector('hex-to-dec', s.port, { receiptIdFormat: 'hex-to-dec' });
    await h.route('2438105', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243810501234', '+243810505678'], 'ids in two bases');
    const sent = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'));
    expect(sent.map((r) => r.carrier_message_id)).toEqual(['1F4A1', '1F4A2']);
    expect(await s.receipt(String(0x1f4a2), 'UNDELIV', '001')).toBe(0); // 128162
    expect(await s.receipt(String(0x1f4a1), 'DELIVRD', '000', { tlv: true })).toBe(0); // 128161
    const stored = await h.db.execute<{ carrier_message_id: string; applied: boolean }>(
      sql`select carrier_message_id, applied_at is not null as applied from carrier_receipts where connector_id = ${c.id} order by id`);
    expect(stored.map((x) => [x.carrier_message_id, x.applied])).toEqual([['128162', true], ['128161', true]]);
    const done = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state !== 'sent'));
    expect(done.map((r) => [r.state, r.error_code])).toEqual([['delivered', null], ['failed', 'DLR_UNDELIV']]);
  });

  it('dec-to-hex: submit_sm_resp ids in decimal, receipts in hexadecimal (any case); a decimal-looking receipt is not guessed', async () => {
    const s = await smsc({ messageIds: (n) => String(1000 + n) });
    const c = await h.connector('dec-to-hex', s.port, { receiptIdFormat: 'dec-to-hex' });
    await h.route('2438105', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243810501234', '+243810505678'], 'ids in two bases');
    const sent = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'));
    expect(sent.map((r) => r.carrier_message_id)).toEqual(['1001', '1002']);
    // 1001 read as hexadecimal is 4097: no part has that number, so this receipt matches nothing
    expect(await s.receipt('1001', 'UNDELIV')).toBe(0);
    expect(await s.receipt('3E9', 'DELIVRD')).toBe(0); // 1001
    expect(await s.receipt('3ea', 'DELIVRD', '000', { tlv: true })).toBe(0); // 1002
    const done = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state !== 'sent'));
    expect(done.map((r) => r.state)).toEqual(['delivered', 'delivered']);
    const stored = await h.db.execute<{ carrier_message_id: string; applied: boolean }>(
      sql`select carrier_message_id, applied_at is not null as applied from carrier_receipts where connector_id = ${c.id} order by id`);
    expect(stored.map((x) => [x.carrier_message_id, x.applied])).toEqual([['1001', false], ['3E9', true], ['3ea', true]]);
  });

  it('a receipt in the other base that overtakes its submit_sm_resp (before it is recorded, or even before it is sent) still matches', async () => {
    for (const before of [false, true]) {
      const s = await smsc({ messageIds: (n) => (0x1a2b00 + n).toString(16), autoReceipt: { id: (mid) => String(parseInt(mid, 16)), before } });
      const c = await h.connector(`race-${before}`, s.port, { receiptIdFormat: 'hex-to-dec' });
      await h.route('2438108', [c.id]);
      const m = await h.merchant();
      h.manager();
      const id = await h.send(m.apiKey, ['+243810801234', '+243810805678'], 'fast receipts');
      const done = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'delivered'));
      expect(done.map((r) => [r.state, r.carrier_message_id])).toEqual([['delivered', '1a2b01'], ['delivered', '1a2b02']]);
      const stored = await h.db.execute<{ carrier_message_id: string }>(sql`select carrier_message_id from carrier_receipts where connector_id = ${c.id} order by carrier_message_id`);
      expect(stored.map((x) => x.carrier_message_id)).toEqual([String(0x1a2b01), String(0x1a2b02)]);
      await h.stopManagers();
      await s.close();
    }
  });

  it('UCS-2 and 3-part GSM messages arrive as exact PDUs', async () => {
    const s = await smsc();
    const c = await h.connector('pdus', s.port);
    await h.route('2438101', [c.id]);
    const m = await h.merchant();
    h.manager();
    const ucs = await h.send(m.apiKey, ['+243810101234'], 'Jambo ☺');
    await waitFor(() => h.recipients(ucs), (r) => r[0].state === 'sent');
    expect(s.submits).toHaveLength(1);
    expect([s.submits[0].data_coding, s.submits[0].esm_class, s.submits[0].short_message.toString('hex')]).toEqual([8, 0, '004a0061006d0062006f0020263a']);

    const text = 'A'.repeat(150) + '{€}' + 'b'.repeat(150) + 'c'.repeat(10);
    const gsm = await h.send(m.apiKey, ['+243810105678'], text);
    const [r] = await waitFor(() => h.recipients(gsm), (x) => x[0].state === 'sent');
    const parts = s.submits.slice(1);
    expect(parts.map((p) => [p.data_coding, p.esm_class, p.short_message.length])).toEqual([[0, 0x40, 6 + 152], [0, 0x40, 6 + 153], [0, 0x40, 6 + 11]]);
    const ref = (Number(r.id) & 0xff).toString(16).padStart(2, '0');
    expect(parts.map((p) => p.short_message.subarray(0, 6).toString('hex'))).toEqual([`050003${ref}0301`, `050003${ref}0302`, `050003${ref}0303`]);
    // 150 A + ESC ( = 152 septets: € (2 more) would cut the 153 limit, so it opens part 2 (D1: an escape pair is never split)
    expect(parts[0].short_message.subarray(6).toString('hex')).toBe('41'.repeat(150) + '1b28');
    expect(parts[1].short_message.subarray(6).toString('hex')).toBe('1b65' + '1b29' + '62'.repeat(149));
    expect(parts[2].short_message.subarray(6).toString('hex')).toBe('62' + '63'.repeat(10));
    expect(r.carrier_message_id).toBe(parts[0].messageId);
  });

  it('throttling (0x58) slows the connector down and loses nothing', async () => {
    const s = await smsc({ policy: (_x, i) => (i < 3 ? 0x58 : 0) });
    const c = await h.connector('throttle', s.port);
    await h.route('2438102', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243810201234', '+243810202345', '+243810203456'], 'slow down');
    const rows = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'));
    expect(states(rows)).toEqual(['sent', 'sent', 'sent']);
    expect(s.submits.map((x) => x.status)).toEqual([0x58, 0x58, 0x58, 0, 0, 0]);
    expect(s.submits.slice(3).map((x) => x.destination_addr).sort()).toEqual(['243810201234', '243810202345', '243810203456']);
    expect(s.submits[3].at - s.submits[2].at).toBeGreaterThanOrEqual(900);
  });

  it('a session dropped mid-window resubmits only the unanswered part', async () => {
    const s = await smsc();
    s.setPolicy((_x, i) => {
      if (i === 2) {
        setTimeout(() => s.drop(), 100);
        return 'ignore';
      }
      return 0;
    });
    const c = await h.connector('dropper', s.port, { window: 10 });
    await h.route('2438103', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243810301234'], 'd'.repeat(400));
    const [r] = await waitFor(() => h.recipients(id), (x) => x[0].state === 'sent');
    const seq = (x: { short_message: Buffer }) => x.short_message[5];
    expect(s.submits.map((x) => [seq(x), x.status])).toEqual([[1, 0], [2, 0], [3, 'ignored'], [3, 0]]);
    expect(s.submits[3].short_message.toString('hex')).toBe(s.submits[2].short_message.toString('hex'));
    expect(s.binds).toEqual(['bind_transceiver:ok', 'bind_transceiver:ok']);
    expect([r.state, r.carrier_message_id]).toEqual(['sent', 'm000001']);
  });

  it('failover: a connector that is not bound hands the message to the next one of the route', async () => {
    const dead = await startSmsc();
    await dead.close(); // nothing listens on that port any more
    const b = await smsc();
    const ca = await h.connector('fo-a', dead.port);
    const cb = await h.connector('fo-b', b.port);
    await h.route('2438104', [ca.id, cb.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243810401234'], 'via b');
    const [r] = await waitFor(() => h.recipients(id), (x) => x[0].state === 'sent');
    expect([r.state, r.carrier]).toEqual(['sent', 'fo-b']);
    expect(b.submits.map((x) => x.destination_addr)).toEqual(['243810401234']);
  });

  it('failover: a retryable error (0x14 queue full) goes to the next connector at once', async () => {
    const a = await smsc({ policy: () => 0x14 });
    const b = await smsc();
    const ca = await h.connector('full-a', a.port);
    const cb = await h.connector('full-b', b.port);
    await h.route('2438105', [ca.id, cb.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243810501234'], 'queue full');
    const [r] = await waitFor(() => h.recipients(id), (x) => x[0].state === 'sent');
    expect([r.state, r.carrier, r.carrier_message_id]).toEqual(['sent', 'full-b', 'm000001']);
    expect([a.submits.length, b.submits.length]).toEqual([1, 1]);
  });

  it('a permanent error (0x0B) fails at once with SMPP_ESME_RINVDSTADR', async () => {
    const s = await smsc({ policy: () => 0x0b });
    const c = await h.connector('perm', s.port);
    await h.route('2438106', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243810601234'], 'nowhere');
    const [r] = await waitFor(() => h.recipients(id), (x) => x[0].state === 'failed');
    expect([r.state, r.carrier, r.error_code]).toEqual(['failed', 'perm', 'SMPP_ESME_RINVDSTADR']);
    await new Promise((res) => setTimeout(res, 500));
    expect(s.submits).toHaveLength(1);
    const failed = (await h.events(id)).find((e) => e.event_type === 'sms.failed')!.payload.data;
    expect(failed).toMatchObject({ carrier: 'perm', error_code: 'SMPP_ESME_RINVDSTADR', retryable: false });
    expect((await h.call('GET', `/status/${id}`, { key: m.apiKey })).body.data).toMatchObject({ status: 'failed', failed: 1 });
  });

  it('TLS: binds to an SMSC whose certificate a trusted CA (SMPP_TLS_CA_FILE) vouches for; refuses an unknown one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'smpp-tls-'));
    const cert = (name: string) => {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${name}`,
        '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, `${name}.key`), '-out', path.join(dir, `${name}.crt`)], { stdio: 'ignore' });
      return { key: readFileSync(path.join(dir, `${name}.key`), 'utf8'), cert: readFileSync(path.join(dir, `${name}.crt`), 'utf8') };
    };
    const trusted = cert('carrier-a');
    const unknown = cert('carrier-b');
    rmSync(dir, { recursive: true });
    const a = await smsc({ tls: trusted });
    const b = await smsc({ tls: unknown });
    const ca = await h.connector('tls-a', a.port, { tls: true });
    await h.connector('tls-b', b.port, { tls: true });
    await h.route('2438106', [ca.id]);
    const m = await h.merchant();
    const mgr = h.manager({ tlsCa: trusted.cert });
    const id = await h.send(m.apiKey, ['+243810601234'], 'over TLS');
    const [r] = await waitFor(() => h.recipients(id), (x) => x[0].state === 'sent');
    expect([r.carrier, r.carrier_message_id, a.submits.map((x) => x.destination_addr)]).toEqual(['tls-a', 'm000001', ['243810601234']]);
    expect(a.binds).toEqual(['bind_transceiver:ok']);
    const states = () => Promise.resolve([...mgr.runtimes.values()].flatMap((x) => (x.rt instanceof ConnectorRuntime ? [[x.name, x.rt.sessions[0].state.state, x.rt.sessions[0].state.error ?? null]] : [])));
    const seen = await waitFor(states, (x) => x.some(([n, st]) => n === 'tls-b' && st === 'backoff'));
    expect(seen.find(([n]) => n === 'tls-b')).toEqual(['tls-b', 'backoff', 'self-signed certificate']);
    expect(b.binds).toEqual([]); // never a bind (nor its password) over an unverified connection
  });

  it('late receipts after a worker restart still match', async () => {
    const s = await smsc();
    const c = await h.connector('late', s.port);
    await h.route('2438107', [c.id]);
    const m = await h.merchant();
    const first = h.manager();
    const id = await h.send(m.apiKey, ['+243810701234'], 'before restart');
    await waitFor(() => h.recipients(id), (x) => x[0].state === 'sent');
    await first.stop(); // unbinds; the lease is given back
    await waitFor(async () => s.sessions.length, (n) => n === 0);
    expect(s.counts.unbinds).toBe(1);
    h.manager();
    await waitFor(async () => s.binds.length, (n) => n === 2);
    await waitFor(async () => s.sessions.length, (n) => n === 1);
    expect(await s.receipt('m000001', 'DELIVRD')).toBe(0);
    const [r] = await waitFor(() => h.recipients(id), (x) => x[0].state === 'delivered');
    expect([r.state, r.carrier, r.carrier_message_id]).toEqual(['delivered', 'late', 'm000001']);
  });

  it('routing: sandbox magic numbers and unrouted numbers go to the simulator connector', async () => {
    const s = await smsc();
    const c = await h.connector('magic', s.port);
    await h.route('2438108', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243810801111', '+243810801234', '+243970001234'], 'mixed');
    const rows = await waitFor(() => h.recipients(id), (r) => r[1].state === 'sent');
    expect(rows.map((r) => [r.state, r.carrier, r.error_code])).toEqual([
      ['failed', 'simulator', 'UNKNOWN_SUBSCRIBER'],
      ['sent', 'magic', null],
      ['delivered', 'simulator', null],
    ]);
    expect(s.submits.map((x) => x.destination_addr)).toEqual(['243810801234']);
  });

  it('live state: list-connectors and /health follow the sessions; update-connector applies within 5 s', async () => {
    const s = await smsc();
    const dead = await startSmsc();
    await dead.close();
    await h.connector('live-a', s.port);
    await h.connector('live-b', dead.port);
    h.manager({ tickMs: 1000 }); // the worker's own tick
    const cli = async (...argv: string[]) => {
      let out = '';
      const code = await runCli([...argv, '--json'], { db: h.db, env: h.env, stdout: (x) => (out += x), stderr: (x) => (out += x) });
      expect(code).toBe(0);
      return JSON.parse(out);
    };
    // (live-b's session shows `connecting` until its first connection is refused, then `backoff`)
    const stateOf = (l: any, name: string) => l.connectors.find((c: any) => c.name === name)?.sessions[0]?.state;
    const list = await waitFor(() => cli('list-connectors'), (l) => stateOf(l, 'live-a') === 'bound' && stateOf(l, 'live-b') === 'backoff');
    const live = list.connectors.filter((c: any) => c.name.startsWith('live-'));
    expect(live.map((c: any) => [c.name, c.enabled, c.owner !== null, c.sessions.map((x: any) => x.state)])).toEqual([
      ['live-a', true, true, ['bound']],
      ['live-b', true, true, ['backoff']],
    ]);
    const health = (await h.call('GET', '/health')).body;
    expect(health.status).toBe('ok');
    expect(health.checks.connectors).toEqual({ status: 'degraded', unbound: ['live-b'] });

    await cli('update-connector', '--name', 'live-b', '--enabled', 'off');
    const t0 = Date.now();
    await cli('update-connector', '--name', 'live-a', '--enabled', 'off');
    await waitFor(async () => s.sessions.length, (n) => n === 0, 6000);
    expect(s.sessions).toHaveLength(0);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect((await h.call('GET', '/health')).body.checks.connectors).toEqual({ status: 'ok', unbound: [] });
  });

  it('a receipt that comes before its submit_sm_resp is recorded still matches', async () => {
    const s = await smsc();
    s.setPolicy((x) => {
      // answer, then send the receipt on the same connection at once
      setImmediate(() => void s.receipt('m000001', 'DELIVRD', '000', { session: x.session }));
      return 0;
    });
    const c = await h.connector('eager', s.port);
    await h.route('2438109', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243810901234'], 'quick receipt');
    const [r] = await waitFor(() => h.recipients(id), (x) => x[0].state === 'delivered');
    expect([r.state, r.carrier_message_id]).toEqual(['delivered', 'm000001']);
    expect((await h.events(id)).map((e) => e.event_type)).toEqual(['sms.processing', 'sms.sent', 'sms.delivered']);
  });

  it('split bind: a transmitter submits, the receiver takes the receipts', async () => {
    const s = await smsc();
    const c = await h.connector('split', s.port, { bindMode: 'split' });
    await h.route('2438110', [c.id]);
    const m = await h.merchant();
    h.manager();
    await waitFor(async () => s.binds.length, (n) => n === 2);
    expect([...s.binds].sort()).toEqual(['bind_receiver:ok', 'bind_transmitter:ok']);
    const id = await h.send(m.apiKey, ['+243811001234'], 'split');
    await waitFor(() => h.recipients(id), (x) => x[0].state === 'sent');
    expect(s.roleOf(s.submits[0].session)).toBe('bind_transmitter');
    const receiver = s.sessions.find((x) => s.roleOf(x) === 'bind_receiver')!;
    expect(await s.receipt('m000001', 'REJECTD', '0x0B', { session: receiver })).toBe(0);
    const [r] = await waitFor(() => h.recipients(id), (x) => x[0].state === 'failed');
    expect([r.state, r.error_code, r.error_message]).toEqual(['failed', 'DLR_REJECTD', '0x0B']);
  });

  it('sends enquire_link every enquire-link seconds', async () => {
    const s = await smsc();
    await h.connector('keepalive', s.port, { enquireLinkS: 1 });
    h.manager();
    await waitFor(async () => s.binds.length, (n) => n === 1);
    await new Promise((r) => setTimeout(r, 2300));
    expect(s.counts.enquireLinks).toBeGreaterThanOrEqual(2);
    expect(s.counts.enquireLinks).toBeLessThanOrEqual(3);
  });

  it('multipart: a failure receipt for part 1 that arrives while part 2 is unanswered fails the recipient once it is sent', async () => {
    const s = await smsc();
    let release: (() => void) | null = null;
    s.setPolicy((x, i) => {
      if (i === 0) setImmediate(() => void s.receipt('m000001', 'UNDELIV', '005', { session: x.session }));
      if (i === 1) {
        // answer part 2 only after part 1's receipt is in
        release = () => x.session.send(Object.assign(new smpp.PDU('submit_sm_resp', { sequence_number: x.sequence, message_id: 'late-2' })) as never);
        return 'ignore';
      }
      return 0;
    });
    const c = await h.connector('multi', s.port);
    await h.route('2438111', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243811101234'], 'p'.repeat(200));
    await waitFor(async () => (await h.db.execute(sql`select 1 from carrier_receipts where connector_id = ${c.id} and applied_at is not null`)).length, (n) => n === 1);
    expect((await h.recipients(id))[0].state).toBe('processing');
    release!();
    // no receipt for part 2 is needed: one failed part decides
    const [r] = await waitFor(() => h.recipients(id), (x) => x[0].state === 'failed', 3000);
    expect([r.state, r.error_code, r.error_message, r.carrier_message_id]).toEqual(['failed', 'DLR_UNDELIV', '005', 'm000001']);
  });
});

