import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { blockStartOfDate } from '@/server/domain/delivery/recipient-blocks';

/**
 * D24: the partitioned tables and their partition keys. Each holds rows nothing else refers to once their month is
 * past the retention, so a partition goes whole. `time`: monthly partitions of a timestamp; the events and their
 * deliveries by partition_month, the month of their subject (a recipient's, a send's, an MO's:
 * db/schema/webhook-events.ts), which they share, so an event and its deliveries go in the same maintenance.
 * `recipient_id`: one partition per month's block of recipient ids (recipient_id_month; message_recipients,
 * carrier_parts and message_texts, keyed by their send's first recipient id, share the bounds and go together).
 */
export const PARTITIONED_TABLES = [
  { table: 'webhook_attempts', key: 'attempted_at', by: 'time' },
  { table: 'carrier_receipts', key: 'received_at', by: 'time' },
  { table: 'inbound_messages', key: 'received_at', by: 'time' },
  { table: 'webhook_events', key: 'partition_month', by: 'time' },
  { table: 'webhook_deliveries', key: 'partition_month', by: 'time' },
  { table: 'message_recipients', key: 'id', by: 'recipient_id' },
  { table: 'carrier_parts', key: 'recipient_id', by: 'recipient_id' },
  { table: 'message_texts', key: 'first_recipient_id', by: 'recipient_id' },
] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number]['table'];

/** Partitions made ahead of the current month (so no insert ever finds its month missing). */
export const MONTHS_AHEAD = 4;

export type Partition = {
  table: PartitionedTable;
  name: string;
  /** Lower bound; null for the first partition (FROM MINVALUE: the rows from before the table was partitioned). */
  from: Date | null;
  /** Upper bound: the month after the partition's (for an id block, the month its next block names). */
  to: Date;
  /** For a table partitioned by recipient id: the first id above the partition (its upper bound). */
  toId: bigint | null;
  /** A DETACH ... CONCURRENTLY interrupted between its two transactions (finished by the next maintenance). */
  detachPending: boolean;
};

/** The partitions of the partitioned tables, from the catalog, oldest first within each table. */
export async function listPartitions(db: DbOrTx): Promise<Partition[]> {
  const byId = PARTITIONED_TABLES.filter((t) => t.by === 'recipient_id').map((t) => t.table);
  const rows = await db.execute<{ parent: PartitionedTable; name: string; from: string | null; to: string; to_id: string | null; pending: boolean }>(sql`
    with b as (
      select p.relname as parent, c.relname as name, i.inhdetachpending as pending, p.relname = any(${arrayLiteral(byId)}::text[]) as by_id,
             substring(pg_get_expr(c.relpartbound, c.oid) from 'FROM \\(''([^'']+)''\\)') as lo,
             substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \\(''([^'']+)''\\)') as hi
        from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
       where p.relnamespace = 'public'::regnamespace and c.relkind = 'r'
         and p.relname = any(${arrayLiteral(PARTITIONED_TABLES.map((t) => t.table))}::text[]))
    select parent, name, pending,
           (case when by_id then recipient_id_month(lo::bigint) else lo::timestamptz end)::text as "from",
           (case when by_id then recipient_id_month(hi::bigint) else hi::timestamptz end)::text as "to",
           case when by_id then hi end as to_id
      from b order by parent, 5`);
  return rows.map((r) => ({
    table: r.parent,
    name: r.name,
    from: r.from === null ? null : new Date(r.from),
    to: new Date(r.to),
    toId: r.to_id === null ? null : BigInt(r.to_id),
    detachPending: r.pending,
  }));
}

/**
 * Tables named as the maintenance names partitions (`<table>_p202702`, `<table>_legacy`, for each partitioned table)
 * that are no partition any more: what a maintenance stopped between the end of a detach and its drop left behind.
 * Only the maintenance detaches, and only what is past the cutoff, so such a table is a month to drop: nothing reads
 * it, and its rows (message content among them) must not outlive the retention. A partition being made is created
 * and attached in one transaction (retention_ensure_partitions, the migrations), so none is ever seen half made.
 */
export async function listDetachedLeftovers(db: DbOrTx): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and not c.relispartition
       and substring(c.relname from '^(.*)_(?:p[0-9]{6}|legacy)$') = any(${arrayLiteral(PARTITIONED_TABLES.map((t) => t.table))}::text[])
     order by 1`);
  return rows.map((r) => r.name);
}

/** The retention cutoff: a partition whose whole range is before it goes. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * 86_400_000);
}

/** The first recipient id of `at`'s month's block (recipient_id_month's inverse), as the bigint DDL writes. */
export function monthBlockStart(at: Date): bigint {
  return BigInt(blockStartOfDate(at));
}
