import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { arrayLiteral } from '@/server/lib/sql-arrays';

/**
 * D24: the tables partitioned by month of a timestamp, and that timestamp. Each holds rows nothing else refers to once
 * their month is past the retention, so a partition goes whole. The events and their deliveries are partitioned by
 * partition_month, the month of their subject (a recipient's, a send's, an MO's: db/schema/webhook-events.ts), which
 * they share, so an event and its deliveries go in the same maintenance.
 */
export const PARTITIONED_TABLES = [
  { table: 'webhook_attempts', key: 'attempted_at' },
  { table: 'carrier_receipts', key: 'received_at' },
  { table: 'inbound_messages', key: 'received_at' },
  { table: 'webhook_events', key: 'partition_month' },
  { table: 'webhook_deliveries', key: 'partition_month' },
] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number]['table'];

/** Partitions made ahead of the current month (so no insert ever finds its month missing). */
export const MONTHS_AHEAD = 4;

export type Partition = {
  table: PartitionedTable;
  name: string;
  /** Lower bound; null for the first partition (FROM MINVALUE: the rows from before the table was partitioned). */
  from: Date | null;
  to: Date;
  /** A DETACH ... CONCURRENTLY interrupted between its two transactions (finished by the next maintenance). */
  detachPending: boolean;
};

/** The partitions of the partitioned tables, from the catalog, oldest first within each table. */
export async function listPartitions(db: DbOrTx): Promise<Partition[]> {
  const rows = await db.execute<{ parent: PartitionedTable; name: string; from: string | null; to: string; pending: boolean }>(sql`
    select p.relname as parent, c.relname as name, i.inhdetachpending as pending,
           substring(pg_get_expr(c.relpartbound, c.oid) from 'FROM \\(''([^'']+)''\\)')::timestamptz::text as "from",
           substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \\(''([^'']+)''\\)')::timestamptz::text as "to"
      from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where p.relnamespace = 'public'::regnamespace and c.relkind = 'r'
       and p.relname = any(${arrayLiteral(PARTITIONED_TABLES.map((t) => t.table))}::text[])
     order by p.relname, 5`);
  return rows.map((r) => ({ table: r.parent, name: r.name, from: r.from === null ? null : new Date(r.from), to: new Date(r.to), detachPending: r.pending }));
}

/** The retention cutoff: a partition whose whole range is before it goes. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * 86_400_000);
}
