import pg from 'pg';
import { PG_SESSION_OPTIONS } from '@/db/client';
import { maintainPartitions } from '@/server/domain/retention/maintain-partitions';
import { CliError, defineCommand } from '../command';

/**
 * D24's partition maintenance now, as the worker runs it every hour (crontab `maintain_partitions`): the months ahead
 * created, the recipient ids moved to this month's block, what is past RETENTION_DAYS dropped a partition at a time.
 * For an operator who lowered RETENTION_DAYS and will not wait for the hour, and for the growth bench's drop. On a
 * connection of its own (its advisory lock, and DETACH ... CONCURRENTLY outside any transaction).
 */
export const maintainPartitionsCommand = defineCommand({
  name: 'maintain-partitions',
  summary: 'Run the partition maintenance now: create months ahead, drop what RETENTION_DAYS has expired (D24)',
  usage: '',
  options: {},
  async run(_v, { db, env, databaseUrl }) {
    if (!databaseUrl) throw new CliError('maintain-partitions needs a database connection of its own');
    const client = new pg.Client({ connectionString: databaseUrl, options: PG_SESSION_OPTIONS });
    await client.connect();
    try {
      // when the maintenance itself began (the command's start-up and connection before it) and how long it took
      const startedAt = new Date();
      const t0 = performance.now();
      const result = await maintainPartitions(db, client, { now: startedAt, retentionDays: env.RETENTION_DAYS });
      const seconds = Math.round(performance.now() - t0) / 1000;
      const started_at = startedAt.toISOString();
      if (!result) return { data: { ran: false, started_at, seconds }, note: 'another process is running the maintenance; it does the same work' };
      return {
        data: { ran: true, retention_days: env.RETENTION_DAYS, cutoff: result.cutoff.toISOString(), created: result.created, dropped: result.dropped, started_at, seconds },
      };
    } finally {
      await client.end();
    }
  },
});
