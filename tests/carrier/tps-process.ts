import { createDb } from '@/db/client';
import { takeTps } from '@/server/domain/carrier/smpp/leases';

/** Takes from a connector's TPS budget as fast as it can for DURATION_MS, then prints the total granted. */
const db = createDb(process.env.DATABASE_URL!, { max: 1 });
const end = Date.now() + Number(process.env.DURATION_MS);
let granted = 0;
while (Date.now() < end) {
  const r = await takeTps(db, process.env.CONNECTOR_ID!, Number(process.env.TPS), 3);
  granted += r.granted;
  if (r.granted === 0) await new Promise((res) => setTimeout(res, Math.min(r.msToNextSecond, end - Date.now())));
}
process.stdout.write(`${granted}\n`);
await db.$client.end();
