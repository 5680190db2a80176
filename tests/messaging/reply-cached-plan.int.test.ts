import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { assignNumber, inboundRows } from '../carrier/inbound-helpers';
import { closePools, oneConnectionDb, planCounts, restClient, testDeps } from '../helpers';
import { readyMerchant } from './setup';

/**
 * An MO's in_reply_to probe (receive-inbound.ts latestSendsSql) is one statement text for any batch, its MO a JSON
 * parameter: on a pool that caches plans (the web's, which stores the sandbox's simulated MO) it is planned once per
 * connection and then runs on the cached generic plan. Its earlier form, a part per MO with the MO's values, was
 * planned at every batch, and with a year of partitions the planning cost more than the reads. One connection here,
 * so that its prepared statements are the ones pg_prepared_statements shows.
 */
const db = oneConnectionDb();
const deps = testDeps({ db });
const call = restClient(deps);
afterAll(closePools);

describe("an MO's in_reply_to probe on the plan cache", () => {
  it('runs on a generic plan after its first executions, and still finds the send each MO replies to', async () => {
    const m = await readyMerchant(deps, { prepaid: '10' });
    const number = '243990277001';
    await assignNumber(deps.db, m, number);
    const sent: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/send', { key: m.apiKey, body: { to: [`+2438190${String(i).padStart(5, '0')}`], message: `Hello ${i}` } });
      expect(res.status).toBe(201);
      sent.push(res.body.data.message_id);
    }
    const received: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/inbound/simulate', { key: m.apiKey, body: { from: `+2438190${String(i).padStart(5, '0')}`, to: number, text: `Merci ${i}` } });
      expect(res.status).toBe(202);
      received.push(res.body.data.inbound_id);
    }
    const rows = await inboundRows(deps.db, sql`organization_id = ${m.organizationId}`);
    expect(new Map(rows.map((r) => [r.id, r.in_reply_to]))).toEqual(new Map(received.map((id, i) => [id, sent[i]])));
    const plans = await planCounts(db, 'jsonb_to_recordset', 'message_recipients');
    // (the plan cache tries 5 custom plans first, then compares)
    expect(plans).toEqual({ generic: 5, custom: 5 });
  });
});
