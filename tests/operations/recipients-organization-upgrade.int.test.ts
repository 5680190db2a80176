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
 * D24: a database as it was before migration 0040, with 40,000 recipients of two organizations, made ready by
 * scripts/prepare-recipients-organization.sql (psql, as the operator runs it with the old version serving: twice, the
 * second run finding nothing to do), then a few sends of the old version written after it, then migrated. The
 * migration fills those few through the new index and reads the table nowhere else (no sequential scan); every row
 * carries its send's organization; the phone-only index is gone; the check is in place for new rows, and validates
 * later.
 */
const run = promisify(execFile);
const SENDS = 20_000;
const serverUrl = new URL(process.env.DATABASE_URL!);
const name = `${serverUrl.pathname.slice(1)}_ro`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const admin = postgres(serverUrl.toString(), { max: 1, onnotice: () => {} });
const dirs: string[] = [];
let db: postgres.Sql;

/** The committed migrations before `tag`. */
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

/** Sends of two recipients each, as the old version wrote them (no organization on the recipients). */
async function oldSends(from: number, count: number) {
  await db`
    with g as (select g, 'msg_' || g as id, 'dsp_' || g as dispatch_id, case when g % 2 = 0 then 'org_a' else 'org_b' end as org
                 from generate_series(${from}::int, ${from + count - 1}::int) g),
         m as (insert into messages (id, organization_id, app_id, sending_type, body, encoding, segments, total_recipients, dispatches_total,
                                     total_messages, total_cost, currency)
               select id, org, 'app_x', 'immediate', 'hi', 'GSM-7', 1, 2, 1, 2, 0.04, 'USD' from g),
         d as (insert into message_dispatches (id, message_id, seq, cost) select dispatch_id, id, 0, 0.04 from g)
    insert into message_recipients (message_id, dispatch_id, position, phone, price)
    select id, dispatch_id, p, '+24381' || lpad((g % 5000)::text, 7, '0'), 0.02 from g cross join generate_series(0, 1) p`;
}

const facts = () => db`
  select (select count(*)::int from message_recipients) as rows,
         (select count(*)::int from message_recipients r join messages m on m.id = r.message_id
           where r.organization_id is not distinct from m.organization_id) as carried,
         (select array_agg(c.relname::text order by c.relname) from pg_index i join pg_class c on c.oid = i.indexrelid
           where i.indrelid = 'message_recipients'::regclass and c.relname not like '%pkey' and i.indisvalid) as indexes,
         (select convalidated from pg_constraint where conname = 'message_recipients_organization_id_not_null') as validated`;

beforeAll(async () => {
  await admin.unsafe(`create database ${name}`);
  db = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await migrate(drizzle(db), { migrationsFolder: migrationsBefore('0040') });
  await oldSends(1, SENDS);
}, 120_000);
afterAll(async () => {
  await db?.end();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('upgrading a live database to recipients with their organization (migration 0040)', () => {
  it('fills and indexes the table beforehand, rerunnable, the old version still writing', async () => {
    for (let i = 0; i < 2; i++) {
      await run('psql', [url.toString(), '-q', '-v', 'ON_ERROR_STOP=1', '-f', 'scripts/prepare-recipients-organization.sql']);
    }
    expect((await facts())[0]).toEqual({
      rows: 2 * SENDS,
      carried: 2 * SENDS,
      indexes: ['message_recipients_dispatch_idx', 'message_recipients_message_id_idx', 'message_recipients_message_idx',
        'message_recipients_org_phone_idx', 'message_recipients_phone_idx'],
      validated: null,
    });
    await oldSends(SENDS + 1, 25); // the old version's sends after the script: no organization
  }, 120_000);

  it('then migrates without reading the whole table, every row carrying its organization', async () => {
    const seqScans = async () => {
      const [{ n }] = await db`select pg_stat_clear_snapshot(), seq_scan::int as n from pg_stat_user_tables where relname = 'message_recipients'`;
      return n;
    };
    const before = await seqScans();
    const migrator = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      // up to 0043: 0044 then partitions the table, validating the check first (partition-upgrade.int.test.ts)
      await migrate(drizzle(migrator), { migrationsFolder: migrationsBefore('0044') });
    } finally {
      await migrator.end(); // its statistics are reported when it ends
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await seqScans()).toBe(before);
    expect((await facts())[0]).toEqual({
      rows: 2 * SENDS + 50,
      carried: 2 * SENDS + 50,
      indexes: ['message_recipients_dispatch_idx', 'message_recipients_message_id_idx', 'message_recipients_message_idx',
        'message_recipients_org_phone_idx'],
      validated: false,
    });
    await expect(db`insert into message_recipients (message_id, dispatch_id, position, phone, price) values ('msg_1', 'dsp_1', 5, '+243810000000', 0)`)
      .rejects.toMatchObject({ constraint_name: 'message_recipients_organization_id_not_null' });
    await db`alter table message_recipients validate constraint message_recipients_organization_id_not_null`;
    expect((await facts())[0].validated).toBe(true);
  }, 120_000);
});
