import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { money, toDbAmount } from '@/server/lib/money';
import { closePools } from '../helpers';
import { carrierHarness, waitFor } from './harness';
import { startSmsc } from './smsc';

/**
 * D20 through SMPP connectors: what no SMSC accepted (a permanent error at submit, a message that expired while
 * still queued, every connector of the route refusing) is refunded in the transaction that fails it; what an SMSC
 * accepted (sent) stays charged whatever its receipt or expiry says.
 */
const h = carrierHarness();
const smsc = h.smsc;
afterEach(() => h.stopManagers());
afterAll(closePools);

async function ledger(messageId: string) {
  const rows = await h.db.execute<{ type: string; entry_type: string; amount: string; actor: string; note: string | null }>(sql`
    select w.type, l.entry_type, l.amount, l.actor, l.note from wallet_ledger l join wallets w on w.id = l.wallet_id
     where l.message_id = ${messageId} order by l.id`);
  return rows.map((r) => [r.type, r.entry_type, r.amount, r.actor, r.note]);
}
async function balance(orgId: string) {
  const [w] = await h.db.execute<{ balance: string; ledger: string }>(sql`
    select w.balance, (select sum(amount) from wallet_ledger l where l.wallet_id = w.id)::numeric(18,4) as ledger
      from wallets w where organization_id = ${orgId} and type = 'SVC_SMS'`);
  expect(w.balance).toBe(w.ledger);
  return w.balance;
}
const status = async (key: string, id: string) => (await h.call('GET', `/status/${id}`, { key })).body.data;

describe('D20 through SMPP connectors', () => {
  it('a permanent error (0x0B) at submit is refunded with the failure, one ledger row per merchant', async () => {
    const s = await smsc({ policy: () => 0x0b });
    const c = await h.connector('perm', s.port);
    await h.route('2438106', [c.id]);
    const a = await h.merchant();
    const b = await h.merchant();
    // both queued before the connector starts: their answers are usually recorded in one batch (two organizations)
    const ida = await h.send(a.apiKey, ['+243810601234', '+243810601235'], 'nowhere');
    const idb = await h.send(b.apiKey, ['+243810609876'], 'nowhere either');
    h.manager();
    for (const id of [ida, idb]) await waitFor(() => h.recipients(id), (x) => x.every((r) => r.state === 'failed'));

    expect((await h.recipients(ida)).map((r) => [r.state, r.error_code])).toEqual([
      ['failed', 'SMPP_ESME_RINVDSTADR'],
      ['failed', 'SMPP_ESME_RINVDSTADR'],
    ]);
    expect(await status(a.apiKey, ida)).toMatchObject({ status: 'failed', failed: 2, total_cost: 0.04, refunded_amount: 0.04 });
    expect(await status(b.apiKey, idb)).toMatchObject({ status: 'failed', failed: 1, total_cost: 0.02, refunded_amount: 0.02 });
    expect(await ledger(ida)).toEqual([
      ['SVC_SMS', 'charge', '-0.0400', `api:${a.appId}`, null],
      ['SVC_SMS', 'refund', '0.0400', 'system', 'Not accepted by any carrier: 2 recipients'],
    ]);
    expect(await ledger(idb)).toEqual([
      ['SVC_SMS', 'charge', '-0.0200', `api:${b.appId}`, null],
      ['SVC_SMS', 'refund', '0.0200', 'system', 'Not accepted by any carrier: 1 recipient'],
    ]);
    expect([await balance(a.organizationId), await balance(b.organizationId)]).toEqual(['100.0000', '100.0000']);
    const [same] = await h.db.execute<{ same: boolean }>(sql`
      select (select xmin::text from wallet_ledger where message_id = ${idb} and entry_type = 'refund')
           = (select xmin::text from message_recipients where message_id = ${idb}) as same`);
    expect(same.same).toBe(true);
  });

  it('an UNDELIV receipt after acceptance stays charged', async () => {
    const { s, m } = await h.routedTo('undeliv', '2438100');
    const id = await h.send(m.apiKey, ['+243810001234'], 'accepted');
    await waitFor(() => h.recipients(id), (r) => r[0].state === 'sent');
    expect(await s.receipt('m000001', 'UNDELIV', '001')).toBe(0);
    const [r] = await waitFor(() => h.recipients(id), (x) => x[0].state === 'failed');
    expect([r.state, r.error_code]).toEqual(['failed', 'DLR_UNDELIV']);
    expect(await status(m.apiKey, id)).toMatchObject({ status: 'failed', total_cost: 0.02, refunded_amount: 0 });
    expect((await ledger(id)).map((x) => x[1])).toEqual(['charge']);
    expect(await balance(m.organizationId)).toBe('99.9800');
  });

  it('expiry: never accepted (connector down, or every connector refusing) is refunded; sent without a receipt stays charged', async () => {
    const ok = await smsc();
    const dead = await startSmsc();
    await dead.close();
    const full = await smsc({ policy: () => 0x14 });
    const throttled = await smsc({ policy: () => 0x58 });
    const accepted = await h.connector('short', ok.port, { validityS: 1 });
    const down = await h.connector('down-short', dead.port, { validityS: 1 });
    const fullA = await h.connector('full-short', full.port, { validityS: 1 });
    const fullB = await h.connector('throttled-short', throttled.port, { validityS: 1 });
    await h.route('2438131', [accepted.id]);
    await h.route('2438132', [down.id]);
    await h.route('2438133', [fullA.id, fullB.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243813101234', '+243813201234', '+243813301234'], 'expires');
    const rows = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'failed'), 15_000);
    expect(rows.map((r) => [r.state, r.error_code, r.error_message])).toEqual([
      ['failed', 'EXPIRED', 'No delivery receipt before the validity period expired.'],
      ['failed', 'EXPIRED', 'No connector accepted the message before the validity period expired.'],
      ['failed', 'EXPIRED', 'No connector accepted the message before the validity period expired.'],
    ]);
    expect(full.submits.length + throttled.submits.length).toBeGreaterThan(0);
    expect(await status(m.apiKey, id)).toMatchObject({ status: 'failed', failed: 3, total_cost: 0.06, refunded_amount: 0.04 });
    const refunds = (await ledger(id)).filter((x) => x[1] === 'refund');
    // the two queued rows expire in one sweep or in two: one refund row or two, 0.04 in all
    expect(toDbAmount(refunds.reduce((sum, x) => sum.plus(x[2]!), money(0)))).toBe('0.0400');
    expect(await balance(m.organizationId)).toBe('99.9800');
  }, 30_000);
});
