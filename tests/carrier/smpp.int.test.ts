import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closePools } from '../helpers';
import { carrierHarness, waitFor } from './harness';
import { startSmsc, type Smsc } from './smsc';

const h = carrierHarness();
const smscs: Smsc[] = [];
async function smsc(...args: Parameters<typeof startSmsc>) {
  const s = await startSmsc(...args);
  smscs.push(s);
  return s;
}
afterEach(async () => {
  await h.stopManagers();
  await Promise.all(smscs.splice(0).map((s) => s.close()));
});
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
});
