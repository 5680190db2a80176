import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_FIELD_MESSAGE } from '@/shared/contracts/warnings';
import { assignNumber } from '../carrier/inbound-helpers';
import { DRC_PRICES, closePools, makeMerchant, restClient, testDeps } from '../helpers';

/**
 * Issue 44 item 3 (D12): every endpoint that reads a JSON body accepts fields it does not know as v1 does (ignored),
 * and says so additively: one `warnings` entry UNKNOWN_FIELD per ignored field, by JSON path; no `warnings` at all
 * when there is nothing to say. restClient checks each answer against the OpenAPI document too.
 */
const deps = testDeps();
const call = restClient(deps);
afterAll(closePools);
let m: Awaited<ReturnType<typeof makeMerchant>>;
const NUMBER = '243990131313';
beforeAll(async () => {
  m = await makeMerchant(deps.db, deps.env, { prepaid: '100', prices: DRC_PRICES });
  await assignNumber(deps.db, m, NUMBER);
});

const warning = (field: string) => ({ code: 'UNKNOWN_FIELD', field, message: UNKNOWN_FIELD_MESSAGE });
const SCHEDULED = { sending_type: 'scheduled', scheduled_dates: [{ date: '2099-01-05', time: '09:00' }] };
let n = 0;
const CASES: Array<[string, () => Promise<[string, string]>, Record<string, unknown>, number]> = [
  ['POST /send', async () => ['POST', '/send'], { to: ['+243810005555'], message: 'x' }, 201],
  ['POST /calculate', async () => ['POST', '/calculate'], { mode: 'amount_to_sms', amount: 1 }, 200],
  ['POST /opt-outs', async () => ['POST', '/opt-outs'], { phones: ['+243810009999'] }, 200],
  ['POST /inbound/simulate', async () => ['POST', '/inbound/simulate'], { from: '+243810005555', to: NUMBER, text: 'Hi' }, 202],
  ['POST /sender-ids', async () => ['POST', '/sender-ids'], { purpose: 'Receipts', sample_message: 'Your receipt.' }, 201],
  ['POST /pause/{message_id}', async () => ['POST', `/pause/${await scheduled()}`], {}, 200],
];
async function scheduled(): Promise<string> {
  const res = await call('POST', '/send', { key: m.apiKey, body: { to: ['+243810005555'], message: 'x', ...SCHEDULED } });
  return res.body.data.message_id;
}
/** A body that differs per call where the endpoint refuses repeats (a sender ID is requested once). */
const fresh = (path: string, body: Record<string, unknown>) => (path === '/sender-ids' ? { ...body, sender_id: `ACME ${++n}` } : body);

describe('UNKNOWN_FIELD warnings (D12)', () => {
  it.each(CASES)('%s: accepted as before; warnings only when a field was ignored', async (_, at, body, status) => {
    const [method, path] = await at();
    const plain = await call(method, path, { key: m.apiKey, body: fresh(path, body) });
    expect(plain.status).toBe(status);
    expect(plain.body.data).not.toHaveProperty('warnings');

    const [method2, path2] = await at();
    const extra = await call(method2, path2, { key: m.apiKey, body: { ...fresh(path2, body), colour: 'red', 'odd key': 1 } });
    expect(extra.status).toBe(status);
    expect(extra.body.data.warnings).toEqual([warning('colour'), warning('odd key')]);
  });

  it('POST /send names nested fields by path, after its own warnings; an idempotent replay says the same', async () => {
    const body = {
      to: ['2025550123'], // UNLIKELY_NUMBER (D3)
      message: 'x',
      ...SCHEDULED,
      scheduled_dates: [{ date: '2099-01-05', time: '09:00', zone: 'UTC' }],
      senderId: 'ACME',
    };
    const headers = { 'idempotency-key': `uf-${Date.now()}` };
    const first = await call('POST', '/send', { key: m.apiKey, body, headers });
    expect(first.status).toBe(201);
    expect(first.body.data.warnings.map((w: { code: string; field?: string }) => [w.code, w.field])).toEqual([
      ['UNLIKELY_NUMBER', undefined],
      ['UNKNOWN_FIELD', 'scheduled_dates[0].zone'],
      ['UNKNOWN_FIELD', 'senderId'],
    ]);
    const again = await call('POST', '/send', { key: m.apiKey, body, headers });
    expect([again.status, again.body]).toEqual([201, first.body]);
  });
});
