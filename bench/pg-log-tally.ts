/**
 * Sums the server log's statement durations between two byte offsets per statement text (first 110 characters):
 * `npx tsx bench/pg-log-tally.ts <from> <to> [per]` prints ms and count per `per` (default 1,000) of the run's
 * submit_sm. Offsets come from `BENCH_PG_LOG=1 npm run bench -- --only smpp`.
 */
import { closeSync, openSync, readSync } from 'node:fs';

const [from, to, per = 10] = process.argv.slice(2).map(Number);
const LOG = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const fd = openSync(LOG, 'r');
const buf = Buffer.alloc(to - from);
readSync(fd, buf, 0, buf.length, from);
closeSync(fd);
const out = new Map<string, { ms: number; n: number }>();
for (const e of buf.toString('utf8').split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ UTC \[)/)) {
  const m = /LOG:\s+duration: ([\d.]+) ms\s+(?:(parse|bind|execute) [^:]*|statement): ([\s\S]*)/.exec(e);
  if (!m) continue;
  const body = m[3].split(/\n\S.*?(?:DETAIL|CONTEXT):/)[0].replace(/\s+/g, ' ').trim();
  const key = `${(m[2] ?? 'simple').padEnd(7)} ${body.slice(0, 110)}`;
  const t = out.get(key) ?? { ms: 0, n: 0 };
  t.ms += Number(m[1]);
  t.n += 1;
  out.set(key, t);
}
const rows = [...out].sort((a, b) => b[1].ms - a[1].ms);
console.log(`total ${(rows.reduce((s, [, v]) => s + v.ms, 0) / per).toFixed(1)} ms per 1,000 submit_sm (per = ${per} thousands)`);
for (const [k, v] of rows) if (v.ms / per >= 0.2) console.log(`${(v.ms / per).toFixed(1).padStart(7)} ms ${(v.n / per).toFixed(1).padStart(6)}x  ${k}`);
