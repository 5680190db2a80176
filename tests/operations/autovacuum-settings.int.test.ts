import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 43 item 4 (migration 0042): the per-table autovacuum settings are on the tables a migrated database has, and
 * only there. docs/operations.md (Vacuum and statistics) says why these values, docs/performance.md shows the runs.
 */
const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
afterAll(() => sql.end({ timeout: 2 }));

const TUNED = ['carrier_parts', 'message_dispatches', 'message_recipients', 'messages'];

describe('autovacuum settings (0042)', () => {
  it('vacuums the recipient tables at 5,000 + 2% dead tuples; message_recipients keeps its fillfactor', async () => {
    const rows = await sql<{ relname: string; reloptions: string[] }[]>`
      select c.relname, c.reloptions from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.reloptions is not null and c.relkind in ('r', 'p') order by c.relname`;
    const options = Object.fromEntries(rows.map((r) => [r.relname, [...r.reloptions].sort()]));
    const tuned = ['autovacuum_vacuum_scale_factor=0.02', 'autovacuum_vacuum_threshold=5000'];
    expect(options).toEqual({
      ...Object.fromEntries(TUNED.map((t) => [t, tuned])),
      message_recipients: [...tuned, 'fillfactor=50'].sort(),
    });
  });
});
