import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closePools, restClient, testDb, testDeps, testEnv } from '../helpers';
import { readyMerchant } from './setup';

/**
 * A send moves its recipients' Inbox conversations forward (D18) in the send's one statement, which runs as a prepared
 * statement and so, after its first executions, on a generic plan. That plan must probe the conversations by
 * (organization, phone) whatever the merchant's number of conversations: with many organizations of few conversations
 * and one of many (the growth bench's shape), a probe by "organization and phone list" was planned as a scan of all
 * the organization's conversations by its activity index, a cost that grew with every phone that ever sent an MO.
 * The database here plans every prepared statement generically, as a long-lived pool ends up doing.
 */
const admin = testDb();
const dbName = new URL(process.env.DATABASE_URL!).pathname.slice(1);
let deps: ReturnType<typeof testDeps>;
afterAll(closePools);

const HEAVY = 1500;
const phoneOf = (i: number) => `+2438190${String(i).padStart(5, '0')}`;
const activityIndexReads = async () =>
  (await admin.execute<{ n: string }>(sql`
    select coalesce(sum(idx_tup_read), 0)::text as n from pg_stat_user_indexes where indexrelname = 'inbox_conversations_activity_idx'`))[0].n;

beforeAll(async () => {
  await admin.execute(sql.raw(`alter database "${dbName}" set plan_cache_mode = force_generic_plan`));
  deps = testDeps({ env: testEnv({ CARRIER_SIM_DELAY_MS: '0' }) }); // a pool opened after the setting: its connections have it
});

describe('a send moves its recipients\' conversations by key, on a generic plan too', () => {
  it('reads no conversation but its recipients\', and moves theirs forward', async () => {
    const m = await readyMerchant(deps, { prepaid: '10' });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await admin.execute(sql`insert into organizations (id, name) select 'org_planfill' || g, 'Filler ' || g from generate_series(1, 300) g`);
    await admin.execute(sql`
      insert into inbox_conversations (organization_id, phone, last_inbound_at, last_activity_at)
      select 'org_planfill' || g, '+24382' || lpad((g * 10 + p)::text, 7, '0'), ${yesterday}::timestamptz, ${yesterday}::timestamptz
        from generate_series(1, 300) g cross join generate_series(1, 3) p`);
    await admin.execute(sql`
      insert into inbox_conversations (organization_id, phone, last_inbound_at, last_activity_at)
      select ${m.organizationId}, '+2438190' || lpad(i::text, 5, '0'), ${yesterday}::timestamptz, ${yesterday}::timestamptz
        from generate_series(0, ${HEAVY - 1}::int) i`);
    await admin.execute(sql`analyze inbox_conversations`);

    const call = restClient(deps);
    const before = await activityIndexReads();
    for (let i = 0; i < 8; i++) {
      const res = await call('POST', '/send', { key: m.apiKey, body: { to: [phoneOf(i), '+243815550000'], message: `Hello ${i}` } });
      expect(res.status).toBe(201);
    }
    // a backend reports its statistics when it ends: close the service's pool, then read them
    await deps.db.$client.end({ timeout: 1 });
    await new Promise((r) => setTimeout(r, 300));
    // the old plan read every one of the merchant's 1,500 conversations per send (12,030 over these 8); the pool's
    // backends also report here what the merchant's set-up read through the index (a handful of tuples)
    expect(Number(await activityIndexReads()) - Number(before)).toBeLessThan(100);

    const moved = await admin.execute<{ phone: string }>(sql`
      select phone from inbox_conversations where organization_id = ${m.organizationId} and last_activity_at > ${yesterday}::timestamptz order by phone`);
    expect(moved.map((r) => r.phone)).toEqual(Array.from({ length: 8 }, (_, i) => phoneOf(i)));
  });
});
