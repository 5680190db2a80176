import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listConversations } from '@/server/domain/inbox/list-conversations';
import { receiveInbound } from '@/server/domain/inbound/receive-inbound';
import { assignNumber } from '../carrier/inbound-helpers';
import { closePools, oneConnectionDb, planCounts, testDeps } from '../helpers';
import { readyMerchant } from './setup';

/**
 * The Inbox's page statement runs on its cached generic plan (its page size written into it: with the size a parameter
 * every page was planned anew over each month's partition of inbound_messages), and the page's conversations are
 * read by inbox_conversation_page(), planned with the organization's id at each call. One connection here, so that
 * its prepared statements are the ones pg_prepared_statements shows, and its index reads the ones it counts.
 */
const db = oneConnectionDb();
const deps = testDeps({ db });
afterAll(closePools);

/** Index entries read so far through `index`, as this connection's statistics count them (flushed first). */
async function entriesRead(index: string): Promise<number> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const [row] = await db.execute<{ n: number }>(sql`select idx_tup_read::int as n from pg_stat_user_indexes where indexrelname = ${index}`);
  return row.n;
}

describe("the Inbox list's statement on the plan cache", () => {
  it("reads a page's conversations and MO whatever the organization's size, on a cached plan, each row with its latest MO and unread count", async () => {
    const m = await readyMerchant(deps, { prepaid: '10' });
    const number = '243990277101';
    await assignNumber(deps.db, m, number);
    const t0 = Date.now() - 60_000;
    // a large merchant's older conversations, stored among those of 400 organizations of two conversations each: the
    // average organization holds fewer conversations than a page, and an organization's rows are spread over the
    // table, so a plan that knows only the average reads the large merchant's every conversation and its latest MO,
    // then sorts them
    for (let b = 0; b < 20; b++) {
      await deps.db.transaction((tx) =>
        receiveInbound(tx, Array.from({ length: 100 }, (_, k) => b * 100 + k).map((i) => ({ carrier: 'simulator', connectorId: null,
          from: `+2438192${String(i).padStart(5, '0')}`, to: number, text: 'older', encoding: 'gsm7' as const, segments: 1, complete: true,
          receivedAt: new Date(t0 - 86_400_000 + i) })), new Date()));
      await deps.db.execute(sql`
        with o as (insert into organizations (id, name) select 'org_plan' || g, 'small ' || g from generate_series(${b * 20 + 1}::int, ${b * 20 + 20}::int) g returning id)
        insert into inbox_conversations (organization_id, phone, last_inbound_at, last_activity_at)
        select o.id, '+24381' || p, now() - interval '2 days', now() - interval '2 days' from o, generate_series(1000001, 1000002) p`);
    }
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
    // (the plan cache tries 5 custom plans first, then compares)
    expect(await planCounts(db, 'inbox_conversation_page(', 'cross join lateral')).toEqual({ generic: 5, custom: 5 });

    // ten more pages on the cached plan: each reads its 26 conversations (the page and the one that says there is
    // more) by the activity index, and probes inbound_messages for those 26 only
    const conversationsBefore = await entriesRead('inbox_conversations_activity_idx');
    for (let i = 0; i < 10; i++) page = await listConversations(db, org, { limit: 25 });
    expect(page.items).toHaveLength(25);
    expect(await entriesRead('inbox_conversations_activity_idx')).toBe(conversationsBefore + 10 * 26);
    // a page past a cursor, on the same statement
    const next = await listConversations(db, org, { limit: 25, cursor: page.next_cursor! });
    expect(next.items.map((c) => c.phone)).toEqual([
      ...Array.from({ length: 5 }, (_, k) => `+2438191${String(14 - k).padStart(5, '0')}`),
      ...Array.from({ length: 20 }, (_, k) => `+2438192${String(1999 - k).padStart(5, '0')}`),
    ]);
    expect(await planCounts(db, 'inbox_conversation_page(', 'cross join lateral')).toEqual({ generic: 16, custom: 5 });
  });
});
