// Numbers that cannot exist (D3, D11): `2025550123` (a US number without its +1) read in CD is +2432025550123,
// possible by length, so still accepted and charged (D3 unchanged), but POST /send's 201 warns about it
// (UNLIKELY_NUMBER, additive) and the simulator, like a real carrier, refuses it at submission.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { drain } from './drain';
import { deliveryTasks } from './harness';

const env = testEnv({ CARRIER_SIM_DELAY_MS: '0' });
const deps = testDeps({ env });
const call = restClient(deps);
const { tasks } = deliveryTasks(deps.db, env);
afterAll(closePools);

const US_WITHOUT_PLUS = '2025550123';
const READ_IN_CD = '+2432025550123';
const VODACOM = '+243810005555';
const UNLIKELY =
  'not a valid number for CD (+243): no range of its numbering plan holds it, so carriers will most likely refuse it; a number of another country needs + and its country code';

describe('unlikely numbers', () => {
  it('201 with warnings, accepted and charged; the simulator refuses the one that cannot exist and delivers the other', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1' });
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [US_WITHOUT_PLUS, VODACOM], message: 'Hello' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status_code: 201,
      data: {
        message_id: expect.stringMatching(/^msg_/),
        total_recipients: 2,
        suppressed_recipients: 0,
        unroutable_recipients: 0,
        total_messages: 2,
        total_cost: 0.04, // the default price 0.02 (no row matches +24320...) + Vodacom 0.02
        currency: 'USD',
        status: 'pending',
        sending_type: 'immediate',
        encoding: 'gsm7',
        smart_encoding: { mode: 'off', applied: false, replaced_characters: 0 },
        warnings: [{ index: 0, phone: READ_IN_CD, code: 'UNLIKELY_NUMBER', message: UNLIKELY }],
      },
    });
    const id = res.body.data.message_id as string;
    const [{ charged }] = await deps.db.execute<{ charged: string }>(
      sql`select coalesce(sum(-amount), 0)::numeric(18,4)::text as charged from wallet_ledger where message_id = ${id} and entry_type = 'charge'`,
    );
    expect(charged).toBe('0.0400');

    await drain(deps.db, tasks);
    const rows = await deps.db.execute<{ phone: string; state: string; error_code: string | null; error_message: string | null }>(
      sql`select phone, state, error_code, error_message from message_recipients where message_id = ${id} order by position`,
    );
    expect(rows.map((r) => [r.phone, r.state, r.error_code, r.error_message])).toEqual([
      [READ_IN_CD, 'failed', 'INVALID_DESTINATION', "The number does not exist: it is in no range of its country's numbering plan."],
      [VODACOM, 'delivered', null, null],
    ]);
    const [failed] = await deps.db.execute<{ payload: { data: Record<string, unknown> } }>(
      sql`select payload from webhook_events where message_id = ${id} and event_type = 'sms.failed'`,
    );
    expect(failed.payload.data).toMatchObject({ recipient_phone: READ_IN_CD, error_code: 'INVALID_DESTINATION', retryable: false });
    expect((await call('GET', `/status/${id}`, { key: m.apiKey })).body.data).toMatchObject({ status: 'partially_delivered', delivered: 1, failed: 1 });
  });

  it('every unlikely entry is named by its index, duplicates too; an Idempotency-Key replay answers the same warnings', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1' });
    const body = { to: [VODACOM, '0212345678', US_WITHOUT_PLUS, '+1 555 555 0100', US_WITHOUT_PLUS], message: 'Hi' };
    const first = await call('POST', '/send', { key: m.apiKey, body, headers: { 'Idempotency-Key': 'unlikely-1' } });
    expect(first.status).toBe(201);
    expect(first.body.data.warnings.map((w: { index: number; phone: string; code: string }) => [w.index, w.phone, w.code])).toEqual([
      [1, '+243212345678', 'UNLIKELY_NUMBER'],
      [2, READ_IN_CD, 'UNLIKELY_NUMBER'],
      [3, '+15555550100', 'UNLIKELY_NUMBER'],
      [4, READ_IN_CD, 'UNLIKELY_NUMBER'],
    ]);
    expect(first.body.data.warnings[2].message).toMatch(/^not a valid number for \+1: /);
    const again = await call('POST', '/send', { key: m.apiKey, body, headers: { 'Idempotency-Key': 'unlikely-1' } });
    expect(again.body).toEqual(first.body);
  });
});
