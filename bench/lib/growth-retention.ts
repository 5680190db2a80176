import { freshNumbers, sendAs, type GrowthService } from './growth-io';
import { watchDatabase } from './growth-watch';
import { admin, type BenchMerchant } from './service';

/** What the retention's drop of the history's oldest month measured. */
export type DropResult = {
  /** The months dropped (message_recipients' partitions) and their rows. */
  partitions: string[];
  recipients: number;
  /** Every partition the run dropped (each partitioned table's month). */
  dropped: string[];
  /** The maintenance run alone, as the CLI timed it. */
  seconds: number;
  /** POST /send (one recipient) under the same load: p99 ms just before the run, and while it ran. */
  beforeP99: number;
  duringP99: number;
  sendsBefore: number;
  sendsDuring: number;
  /** Sends not answered 201 while the sends ran (before or during), and the first answer of one. */
  failed: number;
  firstFailure: string | null;
};

const DAY = 86_400_000;
/** Issue 43's month: the drop takes the oldest months until they hold this many recipients, MAX_MONTHS at most. */
const MONTH_OF = 1_000_000;
const MAX_MONTHS = 2;
const SENDERS = 8;
const BEFORE_MS = 5_000;

/**
 * Issue 43's retention target on the filled database: the heavy merchant sends single messages from SENDERS
 * concurrent clients; after BEFORE_MS, `npm run admin -- maintain-partitions` runs with a RETENTION_DAYS that
 * expires the history's oldest months, as many as hold MONTH_OF recipients (the oldest month of the history is a
 * part of one), so every partitioned table drops them (DETACH CONCURRENTLY, DROP) while the sends go on. Returns how
 * long the maintenance took, what it dropped, and the sends' p99 before and during the drop itself.
 */
export async function retentionDrop(s: GrowthService, env: NodeJS.ProcessEnv, heavy: BenchMerchant): Promise<DropResult> {
  const months = await s.sql<{ name: string; upper: Date }[]>`
    select c.relname as name, recipient_id_month(substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \\(''([^'']+)''\\)')::bigint) as upper
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'message_recipients'::regclass and c.relname <> 'message_recipients_legacy' order by 2`;
  const partitions: string[] = [];
  let recipients = 0;
  for (const m of months.slice(0, MAX_MONTHS)) {
    const [{ n }] = await s.sql<{ n: number }[]>`select count(*)::int as n from ${s.sql(m.name)}`;
    partitions.push(m.name);
    recipients += n;
    if (recipients >= MONTH_OF) break;
  }
  const upper = months[partitions.length - 1].upper;
  // the cutoff lands within the day after the last of those months: they go, the next stays
  const retentionDays = Math.floor((Date.now() - new Date(upper).getTime()) / DAY);
  s.log(`growth retention: ${partitions.join(', ')} hold ${recipients} recipients; maintenance with RETENTION_DAYS=${retentionDays}`);

  // each send's start on the wall clock (`at`, the clock of the CLI's started_at), its duration on the monotonic one
  const samples: Array<{ at: number; ms: number }> = [];
  let stop = false;
  let failed = 0;
  let firstFailure: string | null = null;
  const sender = async () => {
    while (!stop) {
      const at = Date.now();
      const t0 = performance.now();
      try {
        await sendAs(s.api, heavy, freshNumbers(1));
      } catch (e) {
        failed++;
        firstFailure ??= e instanceof Error ? e.message : String(e);
      }
      samples.push({ at, ms: performance.now() - t0 });
    }
  };
  const senders = Array.from({ length: SENDERS }, sender);
  await new Promise((r) => setTimeout(r, BEFORE_MS));
  const watch = await watchDatabase(s.sql);
  const from = Date.now();
  let run: { dropped: string[]; started_at: string; seconds: number };
  try {
    run = await admin({ ...env, RETENTION_DAYS: String(retentionDays) }, 'maintain-partitions');
  } finally {
    stop = true;
    await Promise.all(senders);
  }
  const to = Date.now();
  // the maintenance itself, as the CLI timed it: after npm's and node's start-up and the CLI's connection
  const dropFrom = new Date(run.started_at).getTime();
  const dropTo = dropFrom + run.seconds * 1000;
  const seen = await watch.stop();
  s.log(`growth retention: while the CLI ran, active backends' waits (${seen.samples} samples): ${seen.waits}; WAL ${seen.walSyncs} syncs; CPU: ${seen.cpu}`);
  // Each 250 ms from a second before the CLI's start: sends started, their slowest.
  const buckets: string[] = [];
  for (let t = from - 1_000; t < to; t += 250) {
    const xs = samples.filter((x) => x.at >= t && x.at < t + 250).map((x) => x.ms);
    buckets.push(`${((t - from) / 1000).toFixed(2)}: ${xs.length} max ${Math.max(0, ...xs).toFixed(0)}`);
  }
  s.log(`growth retention: sends by 250 ms from the CLI's start (s: count, slowest ms), the drop from ${((dropFrom - from) / 1000).toFixed(2)} to ${((dropTo - from) / 1000).toFixed(2)} s, the CLI's exit at ${((to - from) / 1000).toFixed(2)} s: ${buckets.join('; ')}`);
  const p99 = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
  };
  const before = samples.filter((x) => x.at >= from - BEFORE_MS + 1_000 && x.at < from).map((x) => x.ms);
  // During the drop: the sends started between the maintenance's start and its end (the CLI's started_at and
  // seconds). What comes before is the start of npm and node and the CLI's connection, which on two busy cores slows
  // every send as any process would (3.2 of a 4.3 s CLI run at 20,000 rows), and is printed apart.
  const during = samples.filter((x) => x.at >= dropFrom && x.at < dropTo).map((x) => x.ms);
  const startUp = samples.filter((x) => x.at >= from && x.at < dropFrom).map((x) => x.ms);
  s.log(`growth retention: dropped ${run.dropped.join(', ')} in ${run.seconds} s; POST /send p99 ${p99(before).toFixed(0)} ms before (${before.length} sends), ` +
    `${p99(during).toFixed(0)} ms during the drop (${during.length} sends), ${p99(startUp).toFixed(0)} ms during the CLI's start-up (${startUp.length} sends); ` +
    `${failed} not answered 201${firstFailure ? ` (first: ${firstFailure})` : ''}`);
  return { partitions, recipients, dropped: run.dropped, seconds: run.seconds, beforeP99: p99(before), duringP99: p99(during), sendsBefore: before.length, sendsDuring: during.length, failed, firstFailure };
}
