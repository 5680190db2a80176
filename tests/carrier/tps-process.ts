import { createDb } from '@/db/client';
import { takeTps } from '@/server/domain/carrier/smpp/leases';

/**
 * Takes from a connector's TPS budget as fast as it can for DURATION_MS, then prints what it was granted per clock
 * second (Unix second -> count) as JSON.
 */
const db = createDb(process.env.DATABASE_URL!, { max: 1 });
const end = Date.now() + Number(process.env.DURATION_MS);
const bySecond: Record<string, number> = {};
while (Date.now() < end) {
  const r = await takeTps(db, process.env.CONNECTOR_ID!, Number(process.env.TPS), 3);
  bySecond[r.second] = (bySecond[r.second] ?? 0) + r.granted;
  if (r.granted === 0) await new Promise((res) => setTimeout(res, Math.min(r.msToNextSecond, end - Date.now())));
}
process.stdout.write(`${JSON.stringify(bySecond)}\n`);
await db.$client.end();
