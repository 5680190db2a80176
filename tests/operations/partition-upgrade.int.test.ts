import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * D24 item 3: a database as it was before migration 0039, with 100,000 webhook attempts, carrier receipts, inbound
 * messages (MO, partitioned by 0041), webhook events and deliveries (partitioned by 0045), made ready by
 * scripts/prepare-partitions.sql (psql, as the operator runs it), then migrated. The attach reads nothing
 * (Postgres says the partition constraint is implied by the validated check) and builds no index on the old rows
 * (the events' widened unique indexes were built by the script), every row and id goes on, the check is gone.
 * Without the script the migration validates the check itself (the template database of every test file).
 */
const run = promisify(execFile);
const ROWS = 100_000;
const serverUrl = new URL(process.env.DATABASE_URL!);
const name = `${serverUrl.pathname.slice(1)}_up`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const admin = postgres(serverUrl.toString(), { max: 1, onnotice: () => {} });
const dirs: string[] = [];
const now = new Date();
const bound = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
const boundDay = bound.toISOString().slice(0, 10);
let db: postgres.Sql;

/** The committed migrations before `tag`: the database an operator upgrades. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `pre-${tag}-`));
  dirs.push(dir);
  cpSync('db/migrations', dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  for (const e of journal.entries.filter((x) => x.tag >= tag)) rmSync(path.join(dir, `${e.tag}.sql`));
  journal.entries = journal.entries.filter((x) => x.tag < tag);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * Events of recipients `from`..`from + count - 1` (sms.processing, message msg_x) and a delivery of each, as a version
 * before 0045 writes them (no partition_month).
 */
async function oldEvents(to: postgres.Sql, from: number, count: number) {
  await to`insert into webhook_events (id, organization_id, app_id, event_type, payload, message_id, recipient_id)
           select md5('event ' || g)::uuid, 'org_x', 'app_x', 'sms.processing', '{}', 'msg_x', g
             from generate_series(${from}::int, ${from + count - 1}::int) g`;
  await to`insert into webhook_deliveries (id, event_id, organization_id, app_id, url)
           select 'whd_' || g, md5('event ' || g)::uuid, 'org_x', 'app_x', 'https://example.com/'
             from generate_series(${from}::int, ${from + count - 1}::int) g`;
}

/** The indexes an attach built on the old rows (partitions made after it are new and empty: theirs do not count). */
const builtOnLegacy = (notices: string[]) => notices.filter((n) => /^building index .* on table "\w+_legacy"/.test(n));

/**
 * Migrates (to the last migration, or those of `folder`), with Postgres' debug notices (what an attach read or did not
 * read, built or not).
 */
async function migrateTraced(to: URL, folder = 'db/migrations'): Promise<string[]> {
  const notices: string[] = [];
  const traced = postgres(to.toString(), { max: 1, connection: { client_min_messages: 'debug1' }, onnotice: (n) => notices.push(n.message) });
  try {
    await migrate(drizzle(traced), { migrationsFolder: folder });
  } finally {
    await traced.end();
  }
  return notices;
}

beforeAll(async () => {
  await admin.unsafe(`create database ${name}`);
  db = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await migrate(drizzle(db), { migrationsFolder: migrationsBefore('0039') });
  await db`insert into webhook_events (id, organization_id, app_id, event_type, payload, message_id)
           values ('00000000-0000-4000-8000-000000000000', 'org_x', 'app_x', 'sms.queued', '{}', 'msg_x')`;
  await db`insert into webhook_deliveries (id, event_id, organization_id, app_id, url)
           values ('whd_x', '00000000-0000-4000-8000-000000000000', 'org_x', 'app_x', 'https://example.com/')`;
  await oldEvents(db, 1, ROWS);
  await db`insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms)
           select 'whd_x', now() - g * interval '1 second', 200, 20 from generate_series(1, ${ROWS}) g`;
  await db`insert into carrier_receipts (connector_id, carrier_message_id, receipt_key, stat, received_at)
           select 'con_x', g::text, g::text, 'DELIVRD', now() - g * interval '1 second' from generate_series(1, ${ROWS}) g`;
  await db`insert into inbound_messages (id, from_phone, to_number, text, encoding, segments, complete, carrier, received_at)
           select 'in_' || g, '+243810000000', '4321', 'hi', 'gsm7', 1, true, 'simulator', now() - g * interval '1 second'
             from generate_series(1, ${ROWS}) g`;
}, 120_000);
afterAll(async () => {
  await db?.end();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('upgrading a live database to partitions (migrations 0039 and 0041)', () => {
  it('refuses a bound that is not the first day of a month to come', async () => {
    for (const bad of ['2020-01-01', `${boundDay.slice(0, 8)}02`]) {
      const r = await run('psql', [url.toString(), '-v', `bound=${bad}`, '-f', 'scripts/prepare-partitions.sql']).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('ERROR:  bound must be the first day of a month still to come, e.g. -v bound=2027-02-01');
    }
    const [{ checks }] = await db`select count(*)::int as checks from pg_constraint where conname like '%partition_bound'`;
    expect(checks).toBe(0);
  });

  it('attaches the prepared tables without reading them, keeping every row and the ids going on', async () => {
    await run('psql', [url.toString(), '-q', '-v', `bound=${boundDay}`, '-f', 'scripts/prepare-partitions.sql']);
    const notices = await migrateTraced(url, migrationsBefore('0047')); // (0047's index: its own upgrade, below)
    for (const t of ['webhook_attempts_legacy', 'carrier_receipts_legacy', 'inbound_messages_legacy', 'webhook_events_legacy', 'webhook_deliveries_legacy']) {
      expect(notices).toContain(`partition constraint for table "${t}" is implied by existing constraints`);
    }
    expect(builtOnLegacy(notices)).toEqual([]);
    const [facts] = await db`
      select (select count(*)::int from webhook_attempts) as attempts, (select count(*)::int from carrier_receipts) as receipts,
             (select count(*)::int from inbound_messages) as inbound,
             (select count(*)::int from webhook_events where partition_month = '2000-01-01 00:00:00+00') as events,
             (select count(*)::int from webhook_deliveries where partition_month = '2000-01-01 00:00:00+00') as deliveries,
             (select count(*)::int from pg_constraint where conname like '%partition_bound') as checks,
             (select pg_get_expr(c.relpartbound, c.oid) from pg_class c where c.relname = 'webhook_attempts_legacy') as legacy,
             (select pg_get_expr(c.relpartbound, c.oid) from pg_class c where c.relname = 'inbound_messages_legacy') as inbound_legacy,
             (select pg_get_expr(c.relpartbound, c.oid) from pg_class c where c.relname = 'webhook_events_legacy') as events_legacy`;
    expect(facts).toEqual({
      attempts: ROWS,
      receipts: ROWS,
      inbound: ROWS,
      events: ROWS + 1,
      deliveries: ROWS + 1,
      checks: 0,
      legacy: `FOR VALUES FROM (MINVALUE) TO ('${boundDay} 00:00:00+00')`,
      inbound_legacy: `FOR VALUES FROM (MINVALUE) TO ('${boundDay} 00:00:00+00')`,
      events_legacy: `FOR VALUES FROM (MINVALUE) TO ('${boundDay} 00:00:00+00')`,
    });
    const [next] = await db`insert into webhook_attempts (delivery_id, attempted_at, latency_ms) values ('whd_x', now(), 5)
                            returning id, tableoid::regclass::text as part`;
    expect(next).toEqual({ id: String(ROWS + 1), part: 'webhook_attempts_legacy' });
    const [mo] = await db`insert into inbound_messages (id, from_phone, to_number, text, encoding, segments, complete, carrier, received_at)
                          values ('in_next', '+243810000000', '4321', 'hi', 'gsm7', 1, true, 'simulator', now())
                          returning tableoid::regclass::text as part`;
    expect(mo.part).toBe('inbound_messages_legacy');
  }, 120_000);
});

describe('upgrading a database at 0040 (the logs already partitioned) to MO partitions (migration 0041)', () => {
  const url41 = new URL(serverUrl);
  url41.pathname = `/${name}41`;
  let db41: postgres.Sql;
  afterAll(async () => {
    await db41?.end();
    await admin.unsafe(`drop database if exists ${name}41 with (force)`);
  });

  it('prepares inbound_messages alone, and the migration attaches it without reading it', async () => {
    await admin.unsafe(`create database ${name}41`);
    db41 = postgres(url41.toString(), { max: 1, onnotice: () => {} });
    await migrate(drizzle(db41), { migrationsFolder: migrationsBefore('0041') });
    await db41`insert into inbound_messages (id, from_phone, to_number, text, encoding, segments, complete, carrier, received_at)
               select 'in_' || g, '+243810000000', '4321', 'hi', 'gsm7', 1, true, 'simulator', now() - g * interval '1 second'
                 from generate_series(1, 10000) g`;
    await run('psql', [url41.toString(), '-q', '-v', `bound=${boundDay}`, '-f', 'scripts/prepare-partitions.sql']);
    const checks = await db41`select conrelid::regclass::text as t, convalidated from pg_constraint where conname like '%partition_bound' order by 1`;
    // (and the tables migrations 0044 and 0045 partition, not partitioned yet either)
    expect(checks).toEqual(['carrier_parts', 'inbound_messages', 'message_recipients', 'webhook_deliveries', 'webhook_events'].map((t) => ({ t, convalidated: true })));
    const notices = await migrateTraced(url41, migrationsBefore('0047')); // (0047's index: its own upgrade, below)
    expect(notices).toContain('partition constraint for table "inbound_messages_legacy" is implied by existing constraints');
    const [facts] = await db41`
      select (select count(*)::int from inbound_messages) as rows,
             (select count(*)::int from pg_constraint where conname like '%partition_bound') as checks,
             (select pg_get_expr(c.relpartbound, c.oid) from pg_class c where c.relname = 'inbound_messages_legacy') as legacy`;
    expect(facts).toEqual({ rows: 10000, checks: 0, legacy: `FOR VALUES FROM (MINVALUE) TO ('${boundDay} 00:00:00+00')` });
  }, 120_000);
});

describe('upgrading a database at 0043 to recipients partitioned by id (migration 0044)', () => {
  const url44 = new URL(serverUrl);
  url44.pathname = `/${name}44`;
  let db44: postgres.Sql;
  afterAll(async () => {
    await db44?.end();
    await admin.unsafe(`drop database if exists ${name}44 with (force)`);
  });

  it('prepares message_recipients and carrier_parts, and the migration attaches them and sets NOT NULL without reading them', async () => {
    await admin.unsafe(`create database ${name}44`);
    db44 = postgres(url44.toString(), { max: 1, onnotice: () => {} });
    await migrate(drizzle(db44), { migrationsFolder: migrationsBefore('0044') });
    await db44`insert into message_recipients (message_id, organization_id, dispatch_id, position, phone, price)
               select 'msg_' || (g / 10), 'org_x', 'dsp_' || (g / 10), g % 10, '+24381' || lpad(g::text, 7, '0'), 0.02 from generate_series(1, ${ROWS}) g`;
    await db44`insert into carrier_parts (recipient_id, connector_id, part_no, parts_total, carrier_message_id, receipt_key)
               select id, 'con_x', 1, 1, id::text, id::text from message_recipients`;
    // as a prepared upgrade to 0040 leaves it (scripts/prepare-recipients-organization.sql): not validated yet
    await db44`alter table message_recipients drop constraint message_recipients_organization_id_not_null`;
    await db44`alter table message_recipients add constraint message_recipients_organization_id_not_null check (organization_id is not null) not valid`;
    await run('psql', [url44.toString(), '-q', '-v', `bound=${boundDay}`, '-f', 'scripts/prepare-partitions.sql']);
    const checks = await db44`
      select conrelid::regclass::text as t, conname, convalidated from pg_constraint
       where conrelid::regclass::text in ('message_recipients', 'carrier_parts')
         and (conname like '%partition_bound' or conname = 'message_recipients_organization_id_not_null') order by 1, 2`;
    expect(checks).toEqual([
      { t: 'carrier_parts', conname: 'carrier_parts_partition_bound', convalidated: true },
      { t: 'message_recipients', conname: 'message_recipients_organization_id_not_null', convalidated: true },
      { t: 'message_recipients', conname: 'message_recipients_partition_bound', convalidated: true },
    ]);
    const notices = await migrateTraced(url44, migrationsBefore('0047')); // (0047's index: its own upgrade, below)
    expect(notices).toContain('partition constraint for table "message_recipients_legacy" is implied by existing constraints');
    expect(notices).toContain('partition constraint for table "carrier_parts_legacy" is implied by existing constraints');
    expect(notices).toContain('existing constraints on column "message_recipients.organization_id" are sufficient to prove that it does not contain nulls');
    const [facts] = await db44`
      select (select count(*)::int from message_recipients) as recipients, (select count(*)::int from carrier_parts) as parts,
             (select count(*)::int from pg_constraint where conname like '%partition_bound') as checks,
             (select pg_get_expr(c.relpartbound, c.oid) from pg_class c where c.relname = 'message_recipients_legacy') as legacy,
             (select pg_get_expr(c.relpartbound, c.oid) from pg_class c where c.relname = 'carrier_parts_legacy') as parts_legacy`;
    expect(facts).toEqual({
      recipients: ROWS,
      parts: ROWS,
      checks: 0,
      legacy: "FOR VALUES FROM (MINVALUE) TO ('1099511627776')",
      parts_legacy: "FOR VALUES FROM (MINVALUE) TO ('1099511627776')",
    });
    // the next recipient's id is the first of this month's block, in this month's partition
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const [next] = await db44`insert into message_recipients (message_id, organization_id, dispatch_id, position, phone, price)
                              values ('msg_next', 'org_x', 'dsp_next', 0, '+243810000000', 0.02)
                              returning id, tableoid::regclass::text as part, recipient_id_month(id)::text as month`;
    expect(next).toEqual({
      id: String(BigInt((now.getUTCFullYear() - 2000) * 12 + now.getUTCMonth()) << 40n),
      part: `message_recipients_p${month}`,
      month: `${month.slice(0, 4)}-${month.slice(4)}-01 00:00:00+00`,
    });
  }, 120_000);
});

describe('upgrading a database at 0044 (the MO already partitioned) to events and deliveries partitions (migration 0045)', () => {
  const url45 = new URL(serverUrl);
  url45.pathname = `/${name}45`;
  let db45: postgres.Sql;
  const EVENTS = 20_000;
  afterAll(async () => {
    await db45?.end();
    await admin.unsafe(`drop database if exists ${name}45 with (force)`);
  });

  it('prepares them with the old version writing (rerunnable), and the migration attaches them without reading or indexing them', async () => {
    await admin.unsafe(`create database ${name}45`);
    db45 = postgres(url45.toString(), { max: 1, onnotice: () => {} });
    await migrate(drizzle(db45), { migrationsFolder: migrationsBefore('0045') });
    await oldEvents(db45, 1, EVENTS);
    // an index build interrupted by a failure is left invalid: the script drops it and builds the index again
    await expect(db45.unsafe('create unique index concurrently webhook_events_queued_month_uq on webhook_events (organization_id)')).rejects.toThrow(/could not create unique index/);
    await run('psql', [url45.toString(), '-q', '-v', `bound=${boundDay}`, '-f', 'scripts/prepare-partitions.sql']);
    await oldEvents(db45, EVENTS + 1, 10); // the old version goes on writing, without the column
    await run('psql', [url45.toString(), '-q', '-v', `bound=${boundDay}`, '-f', 'scripts/prepare-partitions.sql']);
    const prepared = await db45`
      select c.relname::text as name, i.indisvalid as valid, pg_get_indexdef(i.indexrelid) as def from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = 'webhook_events'::regclass and c.relname like '%month_uq' order by 1`;
    expect(prepared.map((x) => [x.name, x.valid])).toEqual([
      ['webhook_events_queued_month_uq', true],
      ['webhook_events_received_month_uq', true],
      ['webhook_events_recipient_type_month_uq', true],
    ]);
    const checks = await db45`select conrelid::regclass::text as t, convalidated from pg_constraint where conname like '%partition_bound' order by 1`;
    expect(checks).toEqual(['webhook_deliveries', 'webhook_events'].map((t) => ({ t, convalidated: true })));

    const notices = await migrateTraced(url45, migrationsBefore('0047')); // (0047's index: its own upgrade, below)
    for (const t of ['webhook_events_legacy', 'webhook_deliveries_legacy']) {
      expect(notices).toContain(`partition constraint for table "${t}" is implied by existing constraints`);
    }
    expect(builtOnLegacy(notices)).toEqual([]);
    const [facts] = await db45`
      select (select count(*)::int from webhook_events where partition_month = '2000-01-01 00:00:00+00') as events,
             (select count(*)::int from webhook_deliveries where partition_month = '2000-01-01 00:00:00+00') as deliveries,
             (select count(*)::int from pg_constraint where conname like '%partition_bound') as checks,
             (select count(*)::int from pg_constraint where contype = 'f' and confrelid::regclass::text like 'webhook_%') as foreign_keys,
             (select array_agg(c.relname::text order by c.relname) from pg_index i join pg_class c on c.oid = i.indexrelid
               where i.indrelid = 'webhook_events_legacy'::regclass and i.indisunique) as unique_indexes,
             (select pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
               where d.adrelid = 'webhook_events_legacy'::regclass and a.attname = 'partition_month') as legacy_default,
             (select pg_get_expr(c.relpartbound, c.oid) from pg_class c where c.relname = 'webhook_deliveries_legacy') as legacy`;
    expect(facts).toEqual({
      events: EVENTS + 10,
      deliveries: EVENTS + 10,
      checks: 0,
      foreign_keys: 0,
      unique_indexes: ['webhook_events_legacy_pkey', 'webhook_events_legacy_queued_uq', 'webhook_events_legacy_received_uq', 'webhook_events_legacy_recipient_type_uq'],
      legacy_default: null,
      legacy: `FOR VALUES FROM (MINVALUE) TO ('${boundDay} 00:00:00+00')`,
    });
    // an old recipient's event emitted again computes January 2000 (recipient_id_month of an id from before) and meets
    // the widened unique index: nothing inserted
    const again = await db45`
      insert into webhook_events (id, organization_id, app_id, event_type, payload, message_id, recipient_id, partition_month)
      values (gen_random_uuid(), 'org_x', 'app_x', 'sms.processing', '{}', 'msg_x', 1, recipient_id_month(1))
      on conflict do nothing returning id`;
    expect(again).toEqual([]);
    // a writer that forgets the month is refused rather than filed in the first partition
    await expect(db45`insert into webhook_events (id, organization_id, app_id, event_type, payload, message_id)
                      values (gen_random_uuid(), 'org_x', 'app_x', 'sms.queued', '{}', 'msg_y')`).rejects.toThrow(/no partition of relation "webhook_events" found for row/);
  }, 120_000);
});

describe('upgrading a database at 0046 to the reply index (migration 0047)', () => {
  const url47 = new URL(serverUrl);
  url47.pathname = `/${name}47`;
  let db47: postgres.Sql;
  afterAll(async () => {
    await db47?.end();
    await admin.unsafe(`drop database if exists ${name}47 with (force)`);
  });

  it('builds it partition by partition with the service writing (rerunnable), and the migration builds nothing', async () => {
    await admin.unsafe(`create database ${name}47`);
    db47 = postgres(url47.toString(), { max: 1, onnotice: () => {} });
    await migrate(drizzle(db47), { migrationsFolder: migrationsBefore('0047') });
    const write = (from: number) => db47`
      insert into message_recipients (message_id, organization_id, dispatch_id, position, phone, price)
      select 'msg_' || (g / 10), 'org_x', 'dsp_' || (g / 10), g % 10, '+24381' || lpad((g % 500)::text, 7, '0'), 0.02
        from generate_series(${from}::int, ${from + 9_999}::int) g`;
    await write(1);
    await run('psql', [url47.toString(), '-q', '-f', 'scripts/prepare-reply-index.sql']);
    await write(10_001); // the service goes on writing, then the script runs again
    await run('psql', [url47.toString(), '-q', '-f', 'scripts/prepare-reply-index.sql']);
    const [parent] = await db47`
      select i.indisvalid as valid, (select count(*)::int from pg_inherits where inhparent = i.indexrelid) as attached,
             (select count(*)::int from pg_inherits where inhparent = 'message_recipients'::regclass) as partitions
        from pg_index i where i.indexrelid = 'message_recipients_org_phone_id_idx'::regclass`;
    expect(parent.valid).toBe(true);
    expect(parent.attached).toBe(parent.partitions);

    const notices = await migrateTraced(url47, migrationsBefore('0049')); // (0049 makes a new table: the indexes of its empty partitions)
    expect(notices.filter((n) => n.startsWith('building index'))).toEqual([]);
    const [facts] = await db47`
      select (select array_agg(indexname::text order by indexname) from pg_indexes
               where tablename = 'message_recipients' and indexname like 'message_recipients_org_phone%') as indexes,
             (select count(*)::int from message_recipients where organization_id = 'org_x' and phone = '+243810000007') as rows`;
    expect(facts).toEqual({ indexes: ['message_recipients_org_phone_id_idx'], rows: 40 });
  });
});
