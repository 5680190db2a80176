import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import smpp from 'smpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableSmpp } from '@/server/domain/smpp-access/credentials';
import { closePools, makeMerchant, testDb, testEnv } from '../helpers';
import { ensureBuild, freePort, startService, waitFor, type Service } from './service';

/**
 * D15 through the real process tree: `npm start` with SMPP_PORT runs the SMPP listener as a third supervised child;
 * an ESME binds, submits, and the message is delivered by the worker like a REST send.
 */
const db = testDb();
const env = testEnv();
let svc: Service;
let smppPort: number;

beforeAll(async () => {
  await ensureBuild();
  smppPort = await freePort();
  svc = await startService({ WORKER: 'on', SMPP_PORT: String(smppPort), CARRIER_SIM_DELAY_MS: '0', LOG_LEVEL: 'info' });
}, 300_000);
afterAll(async () => {
  await svc?.stop();
  await closePools();
});

describe('npm start runs the SMPP listener (D15)', () => {
  it('an ESME binds on SMPP_PORT, submits, and the message is delivered; /health shows the listener; SIGTERM stops it with the rest', async () => {
    const m = await makeMerchant(db, env, { prepaid: '5' });
    const creds = (await db.transaction((tx) => enableSmpp(tx, env.APP_SECRET, m.appId, 'test')))!;
    const session = await waitFor(
      () =>
        new Promise<smpp.Session | null>((resolve) => {
          const s = smpp.connect({ url: `smpp://127.0.0.1:${smppPort}` }, () => resolve(s));
          s.on('error', () => resolve(null));
        }),
      30_000,
      250,
    );
    // One PDU without a response PDU in SMPP (outbind, alert_notification) once ended the process: each gets
    // generic_nack 0x03 and the listener goes on (the supervisor's restart count stays 0 below).
    for (const id of [0x0b, 0x102]) {
      const probe = connect(smppPort, '127.0.0.1');
      const nack = await new Promise<Buffer>((resolve, reject) => {
        probe.once('data', resolve);
        probe.once('error', reject);
        const pdu = Buffer.alloc(24);
        pdu.writeUInt32BE(24, 0);
        pdu.writeUInt32BE(id, 4);
        pdu.writeUInt32BE(3, 12);
        probe.write(pdu);
      });
      probe.destroy();
      expect(nack.toString('hex')).toBe('00000010800000000000000300000003');
    }
    const bind = await new Promise<smpp.Pdu>((r) => session.bind_transceiver({ system_id: creds.system_id, password: creds.password }, r));
    expect(bind.command_status).toBe(0);
    const resp = await new Promise<smpp.Pdu>((r) => session.submit_sm({ destination_addr: '+243810001234', short_message: 'via the launcher', registered_delivery: 1 }, r));
    expect(resp.command_status).toBe(0);
    const id = resp.message_id as string;
    const status = await waitFor(async () => {
      const res = await fetch(`${svc.api}/status/${id}`, { headers: { 'app-key': m.apiKey } });
      const body = await res.json();
      return body.data?.status === 'delivered' ? body.data : null;
    }, 30_000, 200);
    expect(status).toMatchObject({ message_id: id, status: 'delivered', delivered: 1, total_cost: 0.02 });
    const health = await (await fetch(`${svc.api}/health`)).json();
    expect(health.checks.supervisor.smpp).toMatchObject({ restarts: 0, crash_loop: false });
    const closed = new Promise((r) => session.on('close', r));
    await svc.stop();
    await closed; // the listener unbinds or closes its sessions on SIGTERM
    expect(svc.output()).toContain('smpp listener started');
    expect(svc.output()).not.toMatch(/exited, restarting/);
    // The listener stopped cleanly: it deleted its session's row (a killed listener leaves it to go stale).
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from smpp_binds where app_id = ${m.appId}`);
    expect(n).toBe(0);
  }, 120_000);
});
