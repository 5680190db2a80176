import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closePools } from '../helpers';
import { carrierHarness, waitFor } from './harness';
import { startSmsc, type Smsc } from './smsc';

const h = carrierHarness();
const smscs: Smsc[] = [];
afterEach(async () => {
  await h.stopManagers();
  await Promise.all(smscs.splice(0).map((s) => s.close()));
});
afterAll(closePools);

describe('TPS and validity (D14)', () => {
  it('the connector TPS holds across two worker processes (±10% over 10 s)', async () => {
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'tests/carrier/tps-process.ts'], {
        env: { ...process.env, CONNECTOR_ID: 'con_tps_shared', TPS: '50', DURATION_MS: '10000' },
      });
    const [a, b] = await Promise.all([run(), run()]);
    const total = Number(a.stdout.trim()) + Number(b.stdout.trim());
    expect(Number(a.stdout.trim())).toBeGreaterThan(0);
    expect(Number(b.stdout.trim())).toBeGreaterThan(0);
    expect(total).toBeGreaterThanOrEqual(450);
    expect(total).toBeLessThanOrEqual(550);
  }, 30_000);

  it('the submit loop keeps to the TPS: at most tps submit_sm per second', async () => {
    const s = await startSmsc();
    smscs.push(s);
    const c = await h.connector('tps4', s.port, { tps: 4, window: 10 });
    await h.route('2438130', [c.id]);
    const m = await h.merchant();
    h.manager();
    const to = Array.from({ length: 12 }, (_, i) => `+2438130${String(10000 + i).slice(1)}1`);
    const id = await h.send(m.apiKey, to, 'paced');
    const rows = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'), 15_000);
    expect(rows.every((r) => r.state === 'sent')).toBe(true);
    expect(s.submits).toHaveLength(12);
    // The budget is per clock second: at most 4 per second means any 9 consecutive submits touch 3 seconds,
    // so the first and the ninth are more than a second apart (a few ms of slack for the socket).
    for (let i = 0; i + 8 < s.submits.length; i++) expect(s.submits[i + 8].at - s.submits[i].at).toBeGreaterThanOrEqual(950);
  }, 30_000);

  it('validity: no receipt in time, or no connector in time -> failed EXPIRED', async () => {
    const s = await startSmsc();
    smscs.push(s);
    const dead = await startSmsc();
    await dead.close();
    const ok = await h.connector('short', s.port, { validityS: 1 });
    const down = await h.connector('down-short', dead.port, { validityS: 1 });
    await h.route('2438131', [ok.id]);
    await h.route('2438132', [down.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243813101234', '+243813201234'], 'expires');
    const rows = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'failed'), 10_000);
    expect(rows.map((r) => [r.state, r.error_code, r.error_message])).toEqual([
      ['failed', 'EXPIRED', 'No delivery receipt before the validity period expired.'],
      ['failed', 'EXPIRED', 'No connector accepted the message before the validity period expired.'],
    ]);
    expect(s.submits.map((x) => x.validity_period)).toEqual(['000000000001000R']);
  });
});
