import { sql } from 'drizzle-orm';
import { createDb } from '@/db/client';
import { takeTps } from '@/server/domain/carrier/smpp/leases';

/**
 * Takes from a connector's TPS budget as fast as it can for DURATION_MS (from START_AT, Unix ms, when given: the
 * test starts two of these at one moment), then prints as JSON what it was granted per clock second (Unix second
 * -> count) and each grant as [the start of the database clock slice it came from (ms since the epoch), count].
 */
const db = createDb(process.env.DATABASE_URL!, { max: 1 });
const startAt = Number(process.env.START_AT ?? Date.now());
await db.execute(sql`select 1`); // connected before the start
await new Promise((res) => setTimeout(res, Math.max(0, startAt - Date.now())));
const end = startAt + Number(process.env.DURATION_MS);
const bySecond: Record<string, number> = {};
const grants: [number, number][] = [];
while (Date.now() < end) {
  const r = await takeTps(db, process.env.CONNECTOR_ID!, Number(process.env.TPS), 3);
  if (r.granted > 0) grants.push([r.slice, r.granted]);
  bySecond[r.second] = (bySecond[r.second] ?? 0) + r.granted;
  if (r.granted === 0) await new Promise((res) => setTimeout(res, Math.min(r.msToSliceEnd, end - Date.now())));
}
process.stdout.write(`${JSON.stringify({ bySecond, grants })}\n`);
await db.$client.end();
