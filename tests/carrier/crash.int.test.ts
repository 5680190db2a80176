import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closePools } from '../helpers';
import { startProc, type Proc } from '../reliability/service';
import { carrierHarness, waitFor } from './harness';
import { startSmsc, type Smsc } from './smsc';

/**
 * D14's crash window through the real worker process (`npm run worker`, SIGKILLed at the worst moment) and a test
 * SMSC: an acknowledged receipt is never lost, and a crash resends at most window x sessions answered submits.
 */
const h = carrierHarness();
const smscs: Smsc[] = [];
const workers: Proc[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.kill()));
  await Promise.all(smscs.splice(0).map((s) => s.close()));
  await h.db.execute(sql`update connectors set enabled = false`);
});
afterAll(closePools);

const worker = () => {
  const w = startProc(['run', 'worker'], { LOG_LEVEL: 'error', WORKER_CONCURRENCY: '4' });
  workers.push(w);
  return w;
};
const phones = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `+${prefix}${String(i).padStart(4, '0')}`);

async function sendAll(key: string, prefix: string, sends: number, per: number): Promise<string[]> {
  const ids: string[] = [];
  for (let k = 0; k < sends; k++) {
    const res = await h.call('POST', '/send', { key, body: { to: phones(`${prefix}${String(k).padStart(2, '0')}`, per), message: `crash ${k}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.data.message_id);
  }
  return ids;
}

async function states(ids: string[]): Promise<Record<string, number>> {
  const rows = await h.db.execute<{ state: string; n: number }>(sql`
    select state, count(*)::int as n from message_recipients where message_id = any(string_to_array(${ids.join(',')}, ',')) group by 1`);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

describe('crashes of the connector owner (D14)', () => {
  it('SIGKILL right after receipts are acknowledged: every recipient still reaches delivered, with one sms.delivered', async () => {
    const s = await startSmsc({ messageIds: (n) => String(n) });
    smscs.push(s);
    const c = await h.connector('crash-receipts', s.port, { window: 50, tps: 2000 });
    await h.route('2438141', [c.id]);
    const m = await h.merchant();
    const ids = await sendAll(m.apiKey, '2438141', 20, 50);
    const first = worker();
    expect(await waitFor(() => states(ids), (x) => x.sent === 1000, 60_000)).toEqual({ sent: 1000 });

    // The SMSC sends a DELIVRD receipt for every id; the worker is killed once some are acknowledged, at the first
    // moment a receipt is marked applied while its recipient is still `sent` if that ever happens (it must not).
    const acked = new Set<string>();
    const mids = s.submits.map((x) => x.messageId!);
    for (const mid of mids) void s.receipt(mid, 'DELIVRD').then((status) => status === 0 && acked.add(mid));
    const torn = async () => {
      const [r] = await h.db.execute<{ n: number }>(sql`
        select count(*)::int as n from carrier_receipts cr join carrier_parts p on p.connector_id = cr.connector_id and p.carrier_message_id = cr.carrier_message_id
          join message_recipients r on r.id = p.recipient_id where cr.connector_id = ${c.id} and cr.applied_at is not null and r.state = 'sent'`);
      return r.n;
    };
    await waitFor(async () => acked.size >= 300 || (await torn()) > 0, (x) => x, 30_000);
    await first.kill();
    const ackedAtKill = new Set(acked);
    expect(ackedAtKill.size).toBeGreaterThan(0);

    // A new worker takes the connector over; the SMSC sends again the receipts that were never acknowledged.
    worker();
    await waitFor(async () => s.sessions.length, (n) => n > 0, 20_000);
    await Promise.all(mids.filter((mid) => !ackedAtKill.has(mid)).map((mid) => s.receipt(mid, 'DELIVRD')));
    expect(await waitFor(() => states(ids), (x) => x.delivered === 1000, 30_000)).toEqual({ delivered: 1000 });
    const [ev] = await h.db.execute<{ n: number; recipients: number }>(sql`
      select count(*)::int as n, count(distinct recipient_id)::int as recipients from webhook_events
       where event_type = 'sms.delivered' and message_id = any(string_to_array(${ids.join(',')}, ','))`);
    expect(ev).toEqual({ n: 1000, recipients: 1000 });
  }, 150_000);

  it('SIGKILL during a fast drain (window 50, TPS 1,000): at most 50 destinations are submitted twice', async () => {
    const s = await startSmsc({ messageIds: (n) => String(n) });
    smscs.push(s);
    const c = await h.connector('crash-drain', s.port, { window: 50, tps: 1000 });
    await h.route('2438142', [c.id]);
    const m = await h.merchant();
    const ids = await sendAll(m.apiKey, '2438142', 3, 1000);
    const first = worker();
    await waitFor(async () => s.submits.length, (n) => n >= 1000, 60_000);
    await first.kill();
    const atKill = s.submits.length;

    worker();
    expect(await waitFor(() => states(ids), (x) => x.sent === 3000, 60_000)).toEqual({ sent: 3000 });
    const seen = new Map<string, number>();
    for (const x of s.submits) seen.set(x.destination_addr, (seen.get(x.destination_addr) ?? 0) + 1);
    const twice = [...seen.values()].filter((n) => n > 1).length;
    expect(seen.size).toBe(3000);
    expect([...seen.values()].every((n) => n <= 2)).toBe(true);
    console.log(`drain killed after ${atKill} submits: ${twice} destinations submitted twice`);
    expect(twice).toBeLessThanOrEqual(50);
  }, 150_000);
});
