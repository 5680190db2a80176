import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePools, makeMerchant, restClient, testClock, testDeps } from '../helpers';

const clock = testClock(new Date('2026-11-21T10:00:00.000Z'));
const deps = testDeps({ clock: clock.now });
const call = restClient(deps);
let key: string;
afterAll(closePools);
beforeAll(async () => {
  key = (await makeMerchant(deps.db, deps.env, { prepaid: '100000' })).apiKey;
});

const OK = { to: ['+243812345678'], message: 'hi' };
const future = { date: '2026-12-01', time: '09:00' };
const recurring = { start_date: '2026-12-01', frequency: 'daily', interval: 1, times: ['09:00'], end_date: '2026-12-03' };

type Row = [string, unknown, number, string, string[]];
const rows: Row[] = [
  ['to absent', { message: 'hi' }, 400, '1101', ['to']],
  ['message absent', { to: ['+243812345678'] }, 400, '1101', ['message']],
  ['to not an array', { ...OK, to: '+243812345678' }, 400, '1100', ['to']],
  ['to entry not a string', { ...OK, to: ['+243812345678', 243812345678] }, 400, '1100', ['to[1]']],
  ['message not a string', { ...OK, message: 42 }, 400, '1100', ['message']],
  ['message null', { ...OK, message: null }, 400, '1100', ['message']],
  ['to empty', { ...OK, to: [] }, 400, '1110', ['to']],
  ['every bad number named', { ...OK, to: ['+243812345678', 'abc', '1234567', '+243 81-234-5678', '++2438123456'] }, 400, '1110', ['to[1]', 'to[2]', 'to[4]']],
  ['impossible number for its country', { ...OK, to: ['+2431234'] }, 400, '1110', ['to[0]']],
  ['over 1000 recipients', { ...OK, to: Array.from({ length: 1001 }, () => '+243812345678') }, 400, '1121', ['to']],
  ['empty message', { ...OK, message: '' }, 400, '1110', ['message']],
  ['message over 1600 characters', { ...OK, message: 'a'.repeat(1601) }, 400, '1110', ['message']],
  ['1600 emoji are 1600 characters', { ...OK, message: '😀'.repeat(1601) }, 400, '1110', ['message']],
  ['sender_id over 11', { ...OK, sender_id: 'ABCDEFGHIJKL' }, 400, '1110', ['sender_id']],
  ['sender_id empty', { ...OK, sender_id: '' }, 400, '1110', ['sender_id']],
  ['sender_id not a string', { ...OK, sender_id: 5 }, 400, '1100', ['sender_id']],
  ['sending_type unknown', { ...OK, sending_type: 'later' }, 400, '1110', ['sending_type']],
  ['immediate with scheduled_dates', { ...OK, scheduled_dates: [future] }, 400, '1110', ['scheduled_dates']],
  ['immediate with empty scheduled_dates', { ...OK, sending_type: 'immediate', scheduled_dates: [] }, 400, '1110', ['scheduled_dates']],
  ['immediate with recurring_schedule', { ...OK, recurring_schedule: recurring }, 400, '1110', ['recurring_schedule']],
  ['scheduled with recurring_schedule', { ...OK, sending_type: 'scheduled', scheduled_dates: [future], recurring_schedule: recurring }, 400, '1110', ['recurring_schedule']],
  ['recurring with scheduled_dates', { ...OK, sending_type: 'recurring', recurring_schedule: recurring, scheduled_dates: [future] }, 400, '1110', ['scheduled_dates']],
  ['scheduled without scheduled_dates', { ...OK, sending_type: 'scheduled' }, 400, '1101', ['scheduled_dates']],
  ['scheduled with empty scheduled_dates', { ...OK, sending_type: 'scheduled', scheduled_dates: [] }, 400, '1101', ['scheduled_dates']],
  ['recurring without recurring_schedule', { ...OK, sending_type: 'recurring' }, 400, '1101', ['recurring_schedule']],
  ['over 20 scheduled_dates', { ...OK, sending_type: 'scheduled', scheduled_dates: Array.from({ length: 21 }, () => future) }, 400, '1121', ['scheduled_dates']],
  ['scheduled date malformed', { ...OK, sending_type: 'scheduled', scheduled_dates: [future, { date: '2026-02-30', time: '25:00' }] }, 400, '1110', ['scheduled_dates[1].date', 'scheduled_dates[1].time']],
  ['scheduled pair missing time', { ...OK, sending_type: 'scheduled', scheduled_dates: [{ date: '2026-12-01' }] }, 400, '1101', ['scheduled_dates[0].time']],
  ['scheduled pair in the past', { ...OK, sending_type: 'scheduled', scheduled_dates: [future, { date: '2026-11-21', time: '10:59' }] }, 400, '1120', ['scheduled_dates[1]']],
  ['recurring frequency unknown', { ...OK, sending_type: 'recurring', recurring_schedule: { ...recurring, frequency: 'hourly' } }, 400, '1110', ['recurring_schedule.frequency']],
  ['recurring interval 0', { ...OK, sending_type: 'recurring', recurring_schedule: { ...recurring, interval: 0 } }, 400, '1110', ['recurring_schedule.interval']],
  ['recurring interval 1.5', { ...OK, sending_type: 'recurring', recurring_schedule: { ...recurring, interval: 1.5 } }, 400, '1110', ['recurring_schedule.interval']],
  ['recurring interval a string', { ...OK, sending_type: 'recurring', recurring_schedule: { ...recurring, interval: '1' } }, 400, '1100', ['recurring_schedule.interval']],
  ['recurring without times', { ...OK, sending_type: 'recurring', recurring_schedule: { ...recurring, times: [] } }, 400, '1110', ['recurring_schedule.times']],
  ['recurring bad time', { ...OK, sending_type: 'recurring', recurring_schedule: { ...recurring, times: ['09:00', '9am'] } }, 400, '1110', ['recurring_schedule.times[1]']],
  ['recurring missing start_date', { ...OK, sending_type: 'recurring', recurring_schedule: { frequency: 'daily', interval: 1, times: ['09:00'] } }, 400, '1101', ['recurring_schedule.start_date']],
  ['recurring end before start', { ...OK, sending_type: 'recurring', recurring_schedule: { ...recurring, end_date: '2026-11-30' } }, 400, '1110', ['recurring_schedule.end_date']],
  ['recurring entirely past', { ...OK, sending_type: 'recurring', recurring_schedule: { ...recurring, start_date: '2026-11-01', end_date: '2026-11-20' } }, 400, '1120', ['recurring_schedule']],
  ['recurring over 5000 SMS', { ...OK, to: Array.from({ length: 14 }, () => '+243812345678'), sending_type: 'recurring', recurring_schedule: { start_date: '2026-12-01', frequency: 'daily', interval: 1, times: ['09:00'] } }, 400, '1121', ['recurring_schedule']],
  ['callback_url not https', { ...OK, callback_url: 'ftp://example.com/x' }, 400, '1110', ['callback_url']],
  ['callback_url relative', { ...OK, callback_url: '/hooks' }, 400, '1110', ['callback_url']],
  ['callback_url over 2048', { ...OK, callback_url: 'https://example.com/' + 'a'.repeat(2048) }, 400, '1110', ['callback_url']],
];

describe('POST /send validation (D7 codes, JSON paths)', () => {
  it.each(rows)('%s -> %i %s', async (_name, body, status, code, fields) => {
    const res = await call('POST', '/send', { key, body });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, status_code: status, error_code: code });
    expect(res.body.detail).toBe(res.body.message);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(fields);
  });

  it.each([
    ['not JSON', '{"to": [', '1100'],
    ['a JSON array', '[]', '1100'],
    ['null', 'null', '1100'],
    ['empty', '', '1101'],
  ])('body %s -> 400 %s', async (_n, rawBody, code) => {
    const res = await call('POST', '/send', { key, rawBody, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status_code: 400, error_code: code });
  });

  it('accepts the boundaries: 1000 recipients, 1600 characters, 11-character sender, 20 dates, exactly 5000 recurring SMS', async () => {
    const r1 = await call('POST', '/send', { key, body: { to: Array.from({ length: 1000 }, () => '+243812345678'), message: 'a'.repeat(1600), sender_id: 'ABCDEFGHIJK' } });
    expect(r1.status).toBe(201);
    expect(r1.body.data).toMatchObject({ total_recipients: 1000, total_messages: 11000 });
    const r2 = await call('POST', '/send', { key, body: { ...OK, sending_type: 'scheduled', scheduled_dates: Array.from({ length: 20 }, () => future) } });
    expect(r2.status).toBe(201);
    expect(r2.body.data.total_messages).toBe(20);
    // 50 recipients x 1 segment x 100 days = 5000
    const r3 = await call('POST', '/send', {
      key,
      body: { ...OK, to: Array.from({ length: 50 }, () => '+243812345678'), sending_type: 'recurring', recurring_schedule: { start_date: '2026-12-01', end_date: '2027-03-10', frequency: 'daily', interval: 1, times: ['09:00'] } },
    });
    expect(r3.status).toBe(201);
    expect(r3.body.data.total_messages).toBe(5000);
  });

  it('rejects a non-existent spring-forward time with 1110 (America/New_York)', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1', timezone: 'America/New_York', defaultCountry: 'US' });
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: ['+14155552671'], message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2027-03-14', time: '02:30' }] } });
    expect(res.body).toMatchObject({ error_code: '1110', errors: [{ field: 'scheduled_dates[0].time' }] });
  });

  it('an invalid Idempotency-Key is 1110', async () => {
    const res = await call('POST', '/send', { key, body: OK, headers: { 'idempotency-key': 'has space' } });
    expect(res.body).toMatchObject({ status_code: 400, error_code: '1110', errors: [{ field: 'Idempotency-Key' }] });
  });
});
