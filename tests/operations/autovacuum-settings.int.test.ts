import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 43 item 4 (migrations 0042 and 0044): the per-table autovacuum settings are on the tables a migrated database
 * has, on every partition of the partitioned ones (a partitioned table takes none; each partition the maintenance
 * makes copies the newest one's), and only there. docs/operations.md (Vacuum and statistics) says why these values, docs/performance.md shows the runs.
 */
const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
afterAll(() => sql.end({ timeout: 2 }));

const TUNED = ['message_dispatches', 'messages'];
const PARTITIONED = ['carrier_parts', 'carrier_receipts', 'message_recipients'];

describe('autovacuum settings (0042, 0044)', () => {
  it('vacuums the recipient tables at 5,000 + 2% dead tuples; message_recipients keeps its fillfactor', async () => {
    const rows = await sql<{ relname: string; reloptions: string[] }[]>`
      select c.relname, c.reloptions from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.reloptions is not null and c.relkind in ('r', 'p') order by c.relname`;
    const partitions = await sql<{ parent: string; name: string }[]>`
      select i.inhparent::regclass::text as parent, i.inhrelid::regclass::text as name from pg_inherits i
       where i.inhparent::regclass::text = any(${PARTITIONED})`;
    expect(new Set(partitions.map((p) => p.parent))).toEqual(new Set(PARTITIONED));
    const options = Object.fromEntries(rows.map((r) => [r.relname, [...r.reloptions].sort()]));
    const tuned = ['autovacuum_vacuum_scale_factor=0.02', 'autovacuum_vacuum_threshold=5000'];
    expect(options).toEqual({
      ...Object.fromEntries(TUNED.map((t) => [t, tuned])),
      ...Object.fromEntries(partitions.map((p) => [p.name, p.parent === 'message_recipients' ? [...tuned, 'fillfactor=50'].sort() : tuned])),
    });
  });
});
