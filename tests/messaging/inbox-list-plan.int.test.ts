import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listConversations } from '@/server/domain/inbox/list-conversations';
import { receiveInbound } from '@/server/domain/inbound/receive-inbound';
import { assignNumber } from '../carrier/inbound-helpers';
import { closePools, oneConnectionDb, planCounts, testDeps } from '../helpers';
import { readyMerchant } from './setup';

/**
 * The Inbox's page statement is planned once per connection and then runs on the cached generic plan: its page size
 * is written into it (with the size a parameter, the generic plan guessed a tenth of the organization's conversations
 * and looked dearer than any plan made with the values, so every page was planned anew over each month's partition
 * of inbound_messages). One connection here, so that its prepared statements are the ones pg_prepared_statements shows.
 */
const db = oneConnectionDb();
const deps = testDeps({ db });
afterAll(closePools);

describe("the Inbox list's statement on the plan cache", () => {
  it('runs on a generic plan after its first executions, each row with its latest MO and unread count', async () => {
    const m = await readyMerchant(deps, { prepaid: '10' });
    const number = '243990277101';
    await assignNumber(deps.db, m, number);
    const t0 = Date.now() - 60_000;
    // the organization's older conversations, many (as a merchant's Inbox is): the generic plan's guess of a page is
    // then the one that can look dearer
    await deps.db.transaction((tx) =>
      receiveInbound(tx, Array.from({ length: 2000 }, (_, i) => ({ carrier: 'simulator', connectorId: null, from: `+2438192${String(i).padStart(5, '0')}`,
        to: number, text: 'older', encoding: 'gsm7' as const, segments: 1, complete: true, receivedAt: new Date(t0 - 86_400_000 + i) })), new Date()));
    await deps.db.execute(sql`analyze inbox_conversations`);
    await deps.db.transaction((tx) =>
      receiveInbound(tx, Array.from({ length: 40 }, (_, i) => ({ carrier: 'simulator', connectorId: null, from: `+2438191${String(i % 30).padStart(5, '0')}`,
        to: number, text: `m${i}`, encoding: 'gsm7' as const, segments: 1, complete: true, receivedAt: new Date(t0 + i * 1000) })), new Date()));
    const org = { id: m.organizationId, timezone: 'Africa/Kinshasa' };
    let page = await listConversations(db, org, { limit: 25 });
    for (let i = 0; i < 9; i++) page = await listConversations(db, org, { limit: 25 });
    expect(page.items).toHaveLength(25);
    // the newest: the phones of MO 39 down to 30 (their second MO each), then 29 down to 15
    expect(page.items.slice(0, 11).map((c) => [c.phone, c.last_inbound.text, c.unread_count])).toEqual([
      ...Array.from({ length: 10 }, (_, k) => [`+2438191${String(9 - k).padStart(5, '0')}`, `m${39 - k}`, 2]),
      ['+243819100029', 'm29', 1],
    ]);
    const plans = await planCounts(db, 'from "inbox_conversations" c', 'cross join lateral');
    // (the plan cache tries 5 custom plans first, then compares)
    expect(plans).toEqual({ generic: 5, custom: 5 });
  });
});
