import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { listConnectorDetails } from '@/server/domain/carrier/list-connector-details';
import { changeConnector } from '@/server/domain/carrier/manage-connectors';
import { collectDbGauges } from '@/server/metrics/db-gauges';
import { carrierReceiptsUnmatched } from '@/server/metrics/registry';
import { closePools } from '../helpers';
import { carrierHarness, waitFor } from './harness';

/**
 * D14's receipt-id rule through the worker code and a test SMSC: a receipt names exactly one part, by the
 * connector's one convention, whatever the SMSC's ids look like.
 */
const h = carrierHarness();
const smsc = h.smsc;
afterEach(() => h.stopManagers());
afterAll(closePools);

const phones = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `+${prefix}${String(i).padStart(5, '0')}`);

/** Each recipient's parts with the receipt that reached them, and the receipts no part took. */
async function ledger(connectorId: string) {
  const parts = await h.db.execute<{ id: string; stat: string | null }>(sql`
    select carrier_message_id as id, stat from carrier_parts where connector_id = ${connectorId} order by recipient_id`);
  const [{ unapplied }] = await h.db.execute<{ unapplied: number }>(sql`
    select count(*)::int as unapplied from carrier_receipts where connector_id = ${connectorId} and applied_at is null`);
  return { parts, unapplied };
}

describe('receipt ids (D14 receipt_id_format)', () => {
  it('an SMSC numbering its ids 1, 2, 3...: 2,000 receipts, each on its own part, every recipient delivered', async () => {
    // each receipt leaves right after its submit_sm_resp: many overtake the recording of their part
    const s = await smsc({ messageIds: (n) => String(n), autoReceipt: { id: (mid) => mid } });
    const c = await h.connector('sequential', s.port, { window: 100, tps: 5000 });
    await h.route('2438131', [c.id]);
    const m = await h.merchant();
    h.manager();
    const ids = [await h.send(m.apiKey, phones('24381310', 1000), 'one'), await h.send(m.apiKey, phones('24381311', 1000), 'two')];
    const count = async () => {
      const [r] = await h.db.execute<{ delivered: number }>(sql`
        select count(*) filter (where state = 'delivered')::int as delivered from message_recipients where message_id in (${ids[0]}, ${ids[1]})`);
      return r.delivered;
    };
    expect(await waitFor(count, (n) => n === 2000, 60_000)).toBe(2000);
    expect(s.submits.length).toBe(2000);
    const { parts, unapplied } = await ledger(c.id);
    // every part 1..2000 took a DELIVRD receipt, and every receipt was applied
    expect(parts.map((p) => Number(p.id)).sort((a, b) => a - b)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    expect(parts.every((p) => p.stat === 'DELIVRD')).toBe(true);
    expect(unapplied).toBe(0);
    const [{ events }] = await h.db.execute<{ events: number }>(sql`
      select count(*)::int as events from webhook_events where event_type = 'sms.delivered' and message_id in (${ids[0]}, ${ids[1]})`);
    expect(events).toBe(2000);
  }, 90_000);

  it('an UNDELIV receipt of part 10 fails that recipient only, never the parts a or 16 (exact)', async () => {
    const s = await smsc({ messageIds: (n) => [String(n), 'a', '16'][n - 1] });
    const c = await h.connector('exact-ids', s.port);
    await h.route('2438132', [c.id]);
    const m = await h.merchant();
    h.manager();
    // three recipients: ids 1 (later: 10 never exists), a, 16
    const id = await h.send(m.apiKey, phones('24381320', 3), 'exact');
    await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'));
    expect(await s.receipt('10', 'UNDELIV', '001')).toBe(0);
    expect(await s.receipt('A', 'UNDELIV', '001')).toBe(0);
    expect(await s.receipt('016', 'UNDELIV', '001')).toBe(0);
    // none of those is an id given in submit_sm_resp: nothing moves, all three are kept unapplied
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.recipients(id)).map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
    expect((await ledger(c.id)).unapplied).toBe(3);
    expect(await s.receipt('16', 'DELIVRD')).toBe(0);
    const done = await waitFor(() => h.recipients(id), (r) => r[2].state === 'delivered');
    expect(done.map((r) => [r.carrier_message_id, r.state])).toEqual([['1', 'sent'], ['a', 'sent'], ['16', 'delivered']]);
  });

  it('a receipt that arrives before its submit_sm_resp waits for its part and is then applied to it alone', async () => {
    const s = await smsc({ messageIds: (n) => String(n), autoReceipt: { id: (mid) => mid, before: true } });
    const c = await h.connector('early', s.port, { window: 20, tps: 5000 });
    await h.route('2438133', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, phones('24381330', 200), 'early receipts');
    const done = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'delivered'), 20_000);
    expect(done.filter((r) => r.state === 'delivered').length).toBe(200);
    const { parts, unapplied } = await ledger(c.id);
    expect(parts.map((p) => Number(p.id)).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(unapplied).toBe(0);
  });

  it('changing the format applies to messages already sent; an unmatched receipt is kept, counted and shown', async () => {
    const s = await smsc({ messageIds: (n) => (0xff00 + n).toString(16) });
    const c = await h.connector('rekey', s.port);
    await h.route('2438134', [c.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, phones('24381340', 2), 'rekey');
    await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'));
    // exact: the decimal receipt matches nothing
    expect(await s.receipt(String(0xff01), 'DELIVRD')).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect((await h.recipients(id)).map((r) => r.state)).toEqual(['sent', 'sent']);
    // the operator fixes the connector: the waiting receipt and parts are keyed again and matched in that transaction
    await changeConnector(h.db, { name: 'rekey', fields: { receiptIdFormat: 'hex-to-dec' }, actor: 'test', secret: h.env.APP_SECRET });
    expect((await h.recipients(id)).map((r) => r.state)).toEqual(['delivered', 'sent']);
    // and the worker's runtime, restarted with the new setting, matches the next one
    await new Promise((r) => setTimeout(r, 500));
    expect(await s.receipt(String(0xff02), 'DELIVRD')).toBe(0);
    const done = await waitFor(() => h.recipients(id), (r) => r[1].state === 'delivered', 5000);
    expect(done.map((r) => r.state)).toEqual(['delivered', 'delivered']);

    // a receipt for an id no part ever had: kept, and once past its wait counted on the console and in /metrics
    expect(await s.receipt('999999', 'UNDELIV')).toBe(0);
    await h.db.execute(sql`update carrier_receipts set received_at = now() - interval '3 minutes' where connector_id = ${c.id} and applied_at is null`);
    const detail = (await listConnectorDetails(h.db)).connectors.find((x) => x.name === 'rekey')!;
    expect(detail).toMatchObject({ receipt_id_format: 'hex-to-dec', unmatched_receipts: 1 });
    await collectDbGauges(h.db, new Date());
    const gauge = (await carrierReceiptsUnmatched.get()).values.find((v) => v.labels.connector === 'rekey');
    expect(gauge?.value).toBe(1);
  });
});
