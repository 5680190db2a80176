import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closePools } from '../helpers';
import { startProc, type Proc } from '../reliability/service';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { carrierHarness, startOwnerProcess, waitFor } from './harness';
import { assignNumber, inboundRows, receivedEvents, setInboundUrl } from './inbound-helpers';
import { startSmsc, type Smsc } from './smsc';

/**
 * D18's durability through real processes: the connector's owner stores an MO and answers it, and is SIGKILLed
 * before any webhook went out (tests/carrier/owner-process.ts: a worker's connector manager without its job
 * runner); the SMSC, having no answer it trusts, sends the MO again to the worker (`npm run worker`) that takes the
 * connector over. The merchant's inbound_url gets the MO once: one event id, one request.
 */
const h = carrierHarness();
let child: ChildProcess | null = null;
let worker: Proc | null = null;
let s: Smsc | null = null;
let r: Receiver | null = null;
afterAll(async () => {
  child?.kill('SIGKILL');
  await worker?.kill();
  await s?.close();
  await r?.close();
  await h.db.execute(sql`update connectors set enabled = false`);
  await closePools();
});


describe('a worker killed after storing an MO, before its webhook (D18)', () => {
  it('the next worker delivers it once, and the carrier resending it changes nothing', async () => {
    s = await startSmsc();
    r = await startReceiver();
    await h.connector('mo-crash', s.port);
    const m = await h.merchant();
    await assignNumber(h.db, m, '243990808080');
    await setInboundUrl(h.db, m.appId, `${r.url}/inbound`);
    child = await startOwnerProcess(h.env.APP_SECRET);
    const mo = { source_addr: '243811808080', destination_addr: '243990808080', short_message: Buffer.from('Still there?') };
    expect(await s.deliver(mo)).toBe(0);

    // Stored with its event and a pending delivery: nothing has been posted.
    const [row] = await inboundRows(h.db, sql`to_number = '243990808080'`);
    const [event] = await receivedEvents(h.db, row.id);
    const deliveries = () => h.db.execute<{ state: string; attempts: number }>(sql`select state, attempts from webhook_deliveries where event_id = ${event.id}::uuid`);
    expect(await deliveries()).toEqual([{ state: 'pending', attempts: 0 }]);
    child.kill('SIGKILL');
    child = null;
    expect(r.hits).toHaveLength(0);

    worker = startProc(['run', 'worker'], { LOG_LEVEL: 'error', WORKER_CONCURRENCY: '2' });
    await waitFor(() => deliveries(), (d) => d[0]?.state === 'succeeded', 60_000);
    // The new owner binds; the SMSC sends the MO again within 60 s of the first copy.
    await waitFor(async () => s!.sessions.length, (n) => n > 0, 30_000);
    expect(await s.deliver(mo)).toBe(0);
    await new Promise((done) => setTimeout(done, 1500));

    expect(await inboundRows(h.db, sql`to_number = '243990808080'`)).toHaveLength(1);
    expect(await receivedEvents(h.db, row.id)).toHaveLength(1);
    expect(await deliveries()).toEqual([{ state: 'succeeded', attempts: 1 }]);
    expect(r.hits.map((x) => [x.path, x.json.event_id, x.json.inbound_id])).toEqual([['/inbound', event.id, row.id]]);
  }, 150_000);
});
