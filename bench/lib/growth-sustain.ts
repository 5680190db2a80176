import type postgres from 'postgres';
import { freshNumbers, moIngest, sendAs, type GrowthService } from './growth-io';
import { loop } from './load';
import type { BenchMerchant } from './service';

/**
 * Issue 43 item 4: a sustained mixed load on the filled database, then what autovacuum and ANALYZE made of it: dead
 * and live tuples, the last autovacuum and autoanalyze and the size of each table the load writes (the HOT-updated
 * message_recipients, the queues), and whether the plans of the hot reads changed from before the load to after.
 */
type Sustain = GrowthService & { heavy: BenchMerchant; small: BenchMerchant };

/** The tables the load updates or queues through, as pg_stat_user_tables names them. */
const HOT_TABLES = [
  'message_recipients', 'messages', 'message_dispatches', 'webhook_events', 'webhook_deliveries', 'webhook_attempts', 'carrier_outbox', 'carrier_parts',
  'carrier_receipts', 'inbound_messages', 'inbox_conversations', 'wallets', 'gateway_apps', 'rate_limit_windows', 'rate_limit_hits', '_private_jobs', '_private_job_queues',
];

export async function sustainedLoad(s: Sustain, minutes: number): Promise<void> {
  const [{ autovacuum }] = await s.sql<{ autovacuum: string }[]>`select current_setting('autovacuum') as autovacuum`;
  if (autovacuum !== 'on') s.log('growth sustain: WARNING autovacuum is off on this server: the tables below show what the load leaves with no vacuum at all (item 4 wants a server with autovacuum on, its default)');
  const hot = await hotReads(s.sql, s.heavy);
  const before = await planShapes(s.sql, hot);
  const end = Date.now() + minutes * 60_000;
  s.log(`growth sustain: ${minutes} min of mixed load on the filled database: single sends (8 in flight, heavy and small merchant), ` +
    'a 1000-recipient send every 10 s, GET /status (4 in flight), 100 MO every 5 s');
  let sends = 0;
  let lastId = await sendAs(s.api, s.heavy, freshNumbers(1));
  const seconds = () => Math.max(0, (end - Date.now()) / 1000);
  const every = async (ms: number, f: () => Promise<unknown>) => {
    while (Date.now() + ms < end) {
      const t0 = Date.now();
      await f();
      await new Promise((r) => setTimeout(r, Math.max(0, ms - (Date.now() - t0))));
    }
  };
  let mo = 0;
  const start = await tableStats(s.sql);
  const peak = new Map(start.map((r) => [r.relname, Number(r.dead)]));
  const sampler = every(15_000, async () => {
    for (const r of await tableStats(s.sql)) peak.set(r.relname, Math.max(peak.get(r.relname) ?? 0, Number(r.dead)));
  });
  await Promise.all([
    sampler,
    loop(8, seconds(), async (i) => {
      lastId = await sendAs(s.api, i % 3 ? s.heavy : s.small, freshNumbers(1));
      sends++;
    }),
    loop(4, seconds(), async () => {
      const res = await fetch(`${s.api}/status/${lastId}`, { headers: { 'app-key': s.heavy.api_key } });
      await res.arrayBuffer();
    }),
    every(10_000, async () => {
      await sendAs(s.api, s.heavy, freshNumbers(1000));
      sends++;
    }),
    every(5_000, async () => {
      await moIngest(s, s.heavy, 100);
      mo++;
    }),
  ]);
  s.log(`growth sustain: ${sends} sends and ${100 * mo} MO; waiting for every recipient to be terminal`);
  await waitTerminal(s.sql);
  const stats = await tableStats(s.sql);
  const at0 = new Map(start.map((r) => [r.relname, r]));
  s.log('growth sustain: after the load (pg_stat_user_tables; peak: the most dead tuples seen, sampled every 15 s during the load; ' +
    'start: before it):\n  ' + stats.map((r) =>
    `${r.relname.padEnd(30)} live ${r.live.padStart(10)}  dead ${r.dead.padStart(8)}  peak dead ${String(Math.max(peak.get(r.relname) ?? 0, Number(r.dead))).padStart(8)}  ` +
    `start dead ${(at0.get(r.relname)?.dead ?? '-').padStart(8)}  autovacuums ${r.autovacuums}  autoanalyzes ${r.autoanalyzes}  last autovacuum ${r.vacuum ?? '-'}  ` +
    `last autoanalyze ${r.analyze ?? '-'}  size ${r.size} (start ${at0.get(r.relname)?.size ?? '-'})`).join('\n  '));
  const after = await planShapes(s.sql, hot);
  const flipped = Object.keys(before).filter((k) => before[k] !== after[k]);
  s.log(flipped.length
    ? `growth sustain: plans that changed under the load:\n  ${flipped.map((k) => `${k}: ${before[k]} -> ${after[k]}`).join('\n  ')}`
    : `growth sustain: no plan changed under the load (${Object.keys(before).length} statements: ${Object.keys(before).join(', ')})`);
}

/** The HOT_TABLES' rows of pg_stat_user_tables, a partitioned table's as its partitions' (the parent has none). */
async function tableStats(sql: postgres.Sql) {
  return sql<{ relname: string; live: string; dead: string; vacuum: string | null; analyze: string | null; autovacuums: string; autoanalyzes: string; size: string }[]>`
    select relname, n_live_tup::text as live, n_dead_tup::text as dead, last_autovacuum::text as vacuum, last_autoanalyze::text as analyze,
           autovacuum_count::text as autovacuums, autoanalyze_count::text as autoanalyzes, pg_size_pretty(pg_total_relation_size(relid)) as size
      from pg_stat_user_tables t
     where relname = any(${HOT_TABLES}::text[])
        or exists (select 1 from pg_inherits i join pg_class p on p.oid = i.inhparent where i.inhrelid = t.relid and p.relname = any(${HOT_TABLES}::text[]))
     order by n_dead_tup desc, relname`;
}

async function waitTerminal(sql: postgres.Sql): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from message_dispatches where state in ('scheduled', 'running')`;
    if (n === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('growth sustain: dispatches still running 5 minutes after the load');
}

/**
 * The hot reads, written with the values the service's statements would bind (the heavy merchant's, the newest
 * recipient's): the Messages page, a status read by id, a dispatch's pending recipients, MO in_reply_to's probe by
 * phone, the delivery claim's next due delivery, a receipt's part. The same text before and after the load.
 */
async function hotReads(sql: postgres.Sql, heavy: BenchMerchant): Promise<Record<string, string>> {
  const [x] = await sql<{ message_id: string; dispatch_id: string; phone: string; connector_id: string; receipt_key: string }[]>`
    select r.message_id, r.dispatch_id, r.phone, p.connector_id, p.receipt_key
      from carrier_parts p join message_recipients r on r.id = p.recipient_id order by p.recipient_id desc limit 1`;
  return {
    'messages page': `select id from messages where organization_id = '${heavy.organization_id}' order by created_at desc, id desc limit 51`,
    'status read': `select * from messages where id = '${x?.message_id ?? ''}'`,
    'dispatch pending': `select id from message_recipients where dispatch_id = '${x?.dispatch_id ?? ''}' and state = 'pending'`,
    'in_reply_to probe': `select m.id from message_recipients r join messages m on m.id = r.message_id
      where r.phone = '${x?.phone ?? ''}' and m.organization_id = '${heavy.organization_id}' and m.created_at > now() - interval '7 days'
      order by m.created_at desc, m.id desc limit 1`,
    'delivery claim': `select id from webhook_deliveries where state = 'pending' order by organization_id, next_attempt_at, id limit 1`,
    'receipt part': `select recipient_id from carrier_parts where connector_id = '${x?.connector_id ?? ''}' and receipt_key = '${x?.receipt_key ?? ''}' and stat is null`,
  };
}

/** Each statement's plan shape: node types with the relations and indexes they read. */
async function planShapes(sql: postgres.Sql, statements: Record<string, string>): Promise<Record<string, string>> {
  const shapes: Record<string, string> = {};
  for (const [k, q] of Object.entries(statements)) {
    const [row] = await sql.unsafe<{ 'QUERY PLAN': unknown }[]>(`explain (format json, costs false) ${q}`);
    shapes[k] = shape((row['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0].Plan);
  }
  return shapes;
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function shape(p: PlanNode): string {
  const on = p['Index Name'] ?? p['Relation Name'];
  const self = on ? `${p['Node Type']}(${on})` : p['Node Type'];
  return p.Plans?.length ? `${self}[${p.Plans.map(shape).join(', ')}]` : self;
}
