import postgres from 'postgres';
import { closeDb, createDb } from '@/db/client';
import { importOptOuts } from '@/server/domain/opt-outs/import-opt-outs';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { percentiles } from './load';
import type { Row } from './report';
import type { BenchMerchant } from './service';

const LISTED = 100_000;

/**
 * D19's costs (docs/performance.md, `--only opt-outs`), against the running web process:
 * - the import of a 100,000-phone CSV, through the function the dashboard's import route calls (importOptOuts: the
 *   file read like `to`, set-based inserts, the audit row), in this process against the bench database;
 * - POST /send of 1,000 recipients by a merchant with those 100,000 phones on its list (none of them among the
 *   recipients: what the check costs, not what suppressing costs) against the same send by a merchant whose list is
 *   empty, interleaved one by one so both see the same machine; p50 of each and their ratio;
 * - (info) the check's statement alone for those 1,000 phones against the 100,000, raw.
 */
export async function optOutsRows(o: {
  api: string;
  databaseUrl: string;
  sql: postgres.Sql;
  empty: BenchMerchant;
  listed: BenchMerchant;
  body: string;
  recipients: string[];
  log: (m: string) => void;
}): Promise<Row[]> {
  const csv = ['phone', ...Array.from({ length: LISTED }, (_, i) => `+24389${String(i).padStart(7, '0')}`)].join('\n');
  const db = createDb(o.databaseUrl, { max: 2 });
  const t0 = performance.now();
  const report = await importOptOuts(db, { organizationId: o.listed.organization_id, defaultCountry: 'CD', text: csv, reason: null, actor: 'bench' });
  const importSecs = (performance.now() - t0) / 1000;
  await closeDb(db, { timeout: 2 });
  if (report.added !== LISTED) throw new Error(`opt-out import added ${report.added} of ${LISTED}`);
  o.log(`opt-out import: ${LISTED.toLocaleString('en')} phones (${(csv.length / 1e6).toFixed(1)} MB) in ${importSecs.toFixed(2)} s`);
  await o.sql`analyze opt_outs`;

  const send = async (key: string) => {
    const started = performance.now();
    const res = await fetch(`${o.api}/send`, { method: 'POST', headers: { 'app-key': key, 'content-type': 'application/json' }, body: o.body });
    if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) {
    // warm-up
    await send(o.empty.api_key);
    await send(o.listed.api_key);
  }
  const plain: number[] = [];
  const listed: number[] = [];
  for (let i = 0; i < 40; i++) {
    plain.push(await send(o.empty.api_key));
    listed.push(await send(o.listed.api_key));
  }
  const p = percentiles(plain).p50;
  const l = percentiles(listed).p50;
  o.log(`POST /send 1000 recipients: p50 ${l.toFixed(1)} ms with ${LISTED.toLocaleString('en')} opted-out phones, ${p.toFixed(1)} ms with none: ${(l / p).toFixed(2)} x`);

  const phoneArray = arrayLiteral(o.recipients);
  const check: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    await o.sql`select phone from opt_outs where organization_id = ${o.listed.organization_id} and phone = any(${phoneArray}::text[])`;
    check.push(performance.now() - started);
  }
  const c = percentiles(check.slice(10)).p50;
  o.log(`the check's statement alone, 1000 phones against ${LISTED.toLocaleString('en')}: p50 ${c.toFixed(2)} ms`);
  return [
    { figure: 'POST /send 1000 rcpts, 100,000 opted-out phones: p50', unit: 'ms', value: l, baseline: 'the same send, empty opt-out list (interleaved)', baselineValue: p, target: '<= 1.15 x', ok: l <= 1.15 * p },
    { figure: '(info) the opt-out check alone, 1000 phones', unit: 'ms', value: c, baseline: '-', baselineValue: null, target: '(info)', ok: null },
    { figure: 'opt-out CSV import, 100,000 phones', unit: 's', value: importSecs, baseline: '-', baselineValue: null, target: '< 10 s', ok: importSecs < 10 },
  ];
}
