import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closePools, oneConnectionDb, planCounts, restClient, testDb, testDeps } from '../helpers';
import { readyMerchant } from './setup';

/**
 * A single send's one statement (messages, recipients, dispatches, its sms.queued event and its recipients' Inbox
 * conversations) is planned once per connection and then runs on the cached generic plan, as Postgres's plan cache
 * does when the generic plan is estimated no dearer than the custom ones. With the phones as `unnest(text[])`, the
 * custom plans knew the array held one phone and the generic one guessed 10, so the generic plan always looked dearer
 * and every send was planned anew (0.5 ms of Postgres CPU a send in the growth bench). One connection here, so that
 * its prepared statements are the ones pg_prepared_statements shows.
 */
const admin = testDb();
const db = oneConnectionDb();
const deps = testDeps({ db });
afterAll(closePools);

describe("a single send's statement on the plan cache", () => {
  it('runs on a generic plan after its first executions, with conversations of many organizations in the table', async () => {
    const m = await readyMerchant(deps, { prepaid: '10' });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await admin.execute(sql`insert into organizations (id, name) select 'org_cachefill' || g, 'Filler ' || g from generate_series(1, 200) g`);
    await admin.execute(sql`
      insert into inbox_conversations (organization_id, phone, last_inbound_at, last_activity_at)
      select 'org_cachefill' || g, '+24382' || lpad((g * 10 + p)::text, 7, '0'), ${yesterday}::timestamptz, ${yesterday}::timestamptz
        from generate_series(1, 200) g cross join generate_series(1, 5) p`);
    await admin.execute(sql`
      insert into inbox_conversations (organization_id, phone, last_inbound_at, last_activity_at)
      select ${m.organizationId}, '+2438190' || lpad(i::text, 5, '0'), ${yesterday}::timestamptz, ${yesterday}::timestamptz
        from generate_series(0, 999) i`);
    await admin.execute(sql`analyze inbox_conversations`);

    const call = restClient(deps);
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/send', { key: m.apiKey, body: { to: [`+2438190${String(i).padStart(5, '0')}`], message: `Hello ${i}` } });
      expect(res.status).toBe(201);
    }
    const plans = await planCounts(db, 'insert into "messages"');
    // (the plan cache tries 5 custom plans first, then compares)
    expect(plans).toEqual({ generic: 5, custom: 5 });
  });
});
