import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/domain/keys/create-app';
import { senderApp } from '@/server/domain/messages/compose-send';
import { SUBMIT_STATUS, submitOverSmpp } from '@/server/domain/smpp-access/submit';
import { assignNumber } from '../carrier/inbound-helpers';
import { closePools, makeMerchant, restClient, testClock, testDeps } from '../helpers';

/**
 * D18: a send's sender_id may be one of the sending app's numbers whatever its length (a reply from the number the
 * MO came to); any other sender_id over 11 characters keeps the ordinary 400 1110 on `sender_id`.
 */
const deps = testDeps({ clock: testClock(new Date('2026-11-21T10:00:00.000Z')).now });
const call = restClient(deps);
afterAll(closePools);

const OURS = '243990111222'; // 12 digits: over the ordinary 11
const SIBLING = '2439901112223'; // the same organization's other app's number
const NOBODYS = '243990111999';
const TO = ['+243812345678'];
const ORDINARY = { field: 'sender_id', message: 'must be 1 to 11 characters' };
let key = '';
let merchant: { organizationId: string; appId: string };

beforeAll(async () => {
  const m = await makeMerchant(deps.db, deps.env, { prepaid: '10' });
  key = m.apiKey;
  merchant = m;
  await assignNumber(deps.db, m, OURS);
  const other = await createApp(deps.db, { organizationId: m.organizationId, name: 'Other', environment: deps.env.SMS_ENV, secret: deps.env.APP_SECRET!, actor: 'test' });
  await assignNumber(deps.db, { appId: other.app.id, organizationId: m.organizationId }, SIBLING);
  const stranger = await makeMerchant(deps.db, deps.env, { prepaid: '10' });
  await assignNumber(deps.db, stranger, NOBODYS);
});

const senderOf = async (messageId: string) =>
  (await deps.db.execute<{ sender_id: string | null }>(sql`select sender_id from messages where id = ${messageId}`))[0].sender_id;

describe('POST /send: sender_id one of the app’s numbers (D18)', () => {
  it("accepts the app's 12-digit number as sender_id, billed like any send", async () => {
    const res = await call('POST', '/send', { key, body: { to: TO, message: 'Thanks, we got it', sender_id: OURS } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total_recipients: 1, total_messages: 1, total_cost: 0.02, status: 'pending' });
    expect(await senderOf(res.body.data.message_id)).toBe(OURS);
  });

  it.each([
    ["another app's number of the same organization", SIBLING],
    ["another organization's number", NOBODYS],
    ['a 12-digit number nobody holds', '243990000000'],
  ])('refuses %s with the ordinary error', async (_what, senderId) => {
    const res = await call('POST', '/send', { key, body: { to: TO, message: 'x', sender_id: senderId } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error_code: '1110', errors: [ORDINARY] });
  });

  it('still refuses a 12-character name; a refused number is listed with the second stage (phones, schedule)', async () => {
    const name = await call('POST', '/send', { key, body: { to: TO, message: 'x', sender_id: 'ACMEACMEACME' } });
    expect([name.status, name.body.error_code, name.body.errors]).toEqual([400, '1110', [ORDINARY]]);
    // A body the contract refuses answers its problems first, as for every second-stage problem.
    const both = await call('POST', '/send', { key, body: { to: ['12345678a', ...TO], message: 'x', sender_id: NOBODYS } });
    expect(both.status).toBe(400);
    expect(both.body.errors.map((e: { field: string }) => e.field)).toEqual(['to[0]']);
    const stage2 = await call('POST', '/send', { key, body: { to: ['+2431234', ...TO], message: 'x', sender_id: NOBODYS } });
    expect(stage2.body.errors.map((e: { field: string }) => e.field)).toEqual(['to[0]', 'sender_id']);
  });
});

describe('SMPP submit_sm: source_addr one of the app’s numbers (D18)', () => {
  it("accepts the app's 12-digit number; another 12-digit source_addr is an invalid source address (0x0A)", async () => {
    const app = await senderApp(deps.db, merchant.organizationId, merchant.appId, deps.env.SMS_ENV);
    const submit = (source_addr: string) => submitOverSmpp(deps.db, app, { source_addr, destination_addr: TO[0], short_message: 'Thanks' }, new Date('2026-11-21T10:00:00.000Z'));
    const ok = await submit(OURS);
    expect(ok.status).toBe(0);
    expect(await senderOf((ok as { messageId: string }).messageId)).toBe(OURS);
    expect(await submit(SIBLING)).toEqual({ status: SUBMIT_STATUS.INVSRCADR, reason: 'source_addr must be 1 to 11 characters' });
  });
});
