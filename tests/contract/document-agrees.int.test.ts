import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOpenApiDocument } from '@/server/api/rest/openapi';
import { assignNumber } from '../carrier/inbound-helpers';
import { DRC_PRICES, closePools, makeMerchant, restClient, testClock, testDeps } from '../helpers';

/**
 * Issue 13: a validator generated from openapi.json accepts and rejects the
 * same request bodies as the server, for every rule the document can state
 * (the variants of /send and /calculate, lengths, patterns, counts). Rules it
 * cannot state (a date in the past, a number the phone library refuses) are
 * left out on purpose.
 */
const deps = testDeps({ clock: testClock(new Date('2026-11-21T10:00:00.000Z')).now });
const call = restClient(deps);
afterAll(closePools);
let key = '';
beforeAll(async () => {
  const m = await makeMerchant(deps.db, deps.env, { prepaid: '1000', prices: DRC_PRICES });
  key = m.apiKey;
  await assignNumber(deps.db, m, NUMBER);
});

const doc = getOpenApiDocument() as unknown as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: object }> } }>> };
const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);
const bodySchema = (path: string) => ajv.compile(doc.paths[path].post.requestBody.content['application/json'].schema);

const TO = ['+243812345678'];
const DAILY = { start_date: '2026-12-01', frequency: 'daily', interval: 1, times: ['09:00'] };
const SENDS: Array<[string, Record<string, unknown>]> = [
  ['immediate, sending_type absent', { to: TO, message: 'x' }],
  ['immediate, explicit', { to: TO, message: 'x', sending_type: 'immediate' }],
  ['immediate with scheduled_dates (even empty)', { to: TO, message: 'x', scheduled_dates: [] }],
  ['immediate with recurring_schedule', { to: TO, message: 'x', sending_type: 'immediate', recurring_schedule: DAILY }],
  ['scheduled', { to: TO, message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2026-12-24', time: '09:30' }] }],
  ['scheduled without dates', { to: TO, message: 'x', sending_type: 'scheduled' }],
  ['scheduled with empty dates', { to: TO, message: 'x', sending_type: 'scheduled', scheduled_dates: [] }],
  ['scheduled with a recurring_schedule too', { to: TO, message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2026-12-24', time: '09:30' }], recurring_schedule: DAILY }],
  ['scheduled, time 24:00', { to: TO, message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2026-12-24', time: '24:00' }] }],
  ['scheduled, 21 dates', { to: TO, message: 'x', sending_type: 'scheduled', scheduled_dates: Array.from({ length: 21 }, (_, i) => ({ date: '2026-12-24', time: `0${i % 10}:0${i % 6}` })) }],
  ['recurring', { to: TO, message: 'x', sending_type: 'recurring', recurring_schedule: { ...DAILY, end_date: '2026-12-10' } }],
  ['recurring without schedule', { to: TO, message: 'x', sending_type: 'recurring' }],
  ['recurring, interval 0', { to: TO, message: 'x', sending_type: 'recurring', recurring_schedule: { ...DAILY, interval: 0 } }],
  ['recurring, interval 1.5', { to: TO, message: 'x', sending_type: 'recurring', recurring_schedule: { ...DAILY, interval: 1.5 } }],
  ['recurring with scheduled_dates', { to: TO, message: 'x', sending_type: 'recurring', recurring_schedule: DAILY, scheduled_dates: [] }],
  ['empty message', { to: TO, message: '' }],
  ['1600 characters', { to: TO, message: 'é'.repeat(1600) }],
  ['1601 characters', { to: TO, message: 'é'.repeat(1601) }],
  ['1600 emoji (code points)', { to: TO, message: '😀'.repeat(1600) }],
  ['sender_id of 11', { to: TO, message: 'x', sender_id: 'ACMEACMEACM' }],
  ['sender_id of 12', { to: TO, message: 'x', sender_id: 'ACMEACMEACME' }],
  ["sender_id the app's 12-digit number (D18)", { to: TO, message: 'x', sender_id: '243990111222' }],
  ['sender_id with a tab', { to: TO, message: 'x', sender_id: 'AC\tME' }],
  ['no recipient', { to: [], message: 'x' }],
  ['1001 recipients', { to: Array.from({ length: 1001 }, () => TO[0]), message: 'x' }],
  ['a 7-digit number', { to: ['1234567'], message: 'x' }],
  ['letters in a number', { to: ['+24381234567a'], message: 'x' }],
  ['a number with spaces and dashes', { to: ['+243 81-234-5678'], message: 'x' }],
  ['callback_url of 2049', { to: TO, message: 'x', callback_url: `https://example.com/${'a'.repeat(2029)}` }],
  ['message missing', { to: TO }],
  ['sending_type unknown', { to: TO, message: 'x', sending_type: 'later' }],
];

const CALCULATIONS: Array<[string, Record<string, unknown>]> = [
  ['amount_to_sms', { mode: 'amount_to_sms', amount: 100 }],
  ['amount_to_sms without amount', { mode: 'amount_to_sms' }],
  ['amount_to_sms with a null amount', { mode: 'amount_to_sms', amount: null }],
  ['amount_to_sms with only sms_count', { mode: 'amount_to_sms', sms_count: 5 }],
  ['sms_to_amount', { mode: 'sms_to_amount', sms_count: 5000 }],
  ['sms_to_amount with a fraction', { mode: 'sms_to_amount', sms_count: 1.5 }],
  ['sms_to_amount without sms_count', { mode: 'sms_to_amount', amount: 5 }],
  ['an unknown mode', { mode: 'both', amount: 5 }],
  ['amount over the maximum', { mode: 'amount_to_sms', amount: 10_000_001 }],
];

/** A number of the merchant's (D18): an unknown `to` is refused for a reason the document cannot state. */
const NUMBER = '243990111222';
const FROM = '+243812345678';
const SIMULATIONS: Array<[string, Record<string, unknown>]> = [
  ['a simulated MO', { from: FROM, to: NUMBER, text: 'Hello' }],
  ['an empty text', { from: FROM, to: NUMBER, text: '' }],
  ['1600 characters', { from: FROM, to: NUMBER, text: 'é'.repeat(1600) }],
  ['1601 characters', { from: FROM, to: NUMBER, text: 'é'.repeat(1601) }],
  ['to with a +', { from: FROM, to: `+${NUMBER}`, text: 'Hi' }],
  ['to with letters', { from: FROM, to: '24399011122a', text: 'Hi' }],
  ['to of 2 digits', { from: FROM, to: '12', text: 'Hi' }],
  ['to of 16 digits', { from: FROM, to: '2'.repeat(16), text: 'Hi' }],
  ['from with spaces and dashes', { from: '+243 81-234-5678', to: NUMBER, text: 'Hi' }],
  ['from of 33 characters', { from: '1'.repeat(33), to: NUMBER, text: 'Hi' }],
  ['text missing', { from: FROM, to: NUMBER }],
  ['text a number', { from: FROM, to: NUMBER, text: 5 }],
];

describe('openapi.json accepts what the server accepts', () => {
  it.each(SENDS)('POST /send: %s', async (_what, body) => {
    const res = await call('POST', '/send', { key, body });
    expect([res.status === 201, res.status]).toEqual([bodySchema('/send')(body), res.status]);
  });
  it.each(SIMULATIONS)('POST /inbound/simulate: %s', async (_what, body) => {
    const res = await call('POST', '/inbound/simulate', { key, body });
    expect([res.status === 202, res.status]).toEqual([bodySchema('/inbound/simulate')(body), res.status]);
  });
  it.each(CALCULATIONS)('POST /calculate: %s', async (_what, body) => {
    const res = await call('POST', '/calculate', { key, body });
    expect([res.status === 200, res.status]).toEqual([bodySchema('/calculate')(body), res.status]);
  });
});
