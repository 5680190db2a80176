import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createConnector, setRoute, type ConnectorFields } from '@/server/domain/carrier/connectors';
import { ConnectorManager, type ManagerOptions } from '@/server/domain/carrier/manager';
import type { Env } from '@/server/env';
import { makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { drain } from '../pipeline/drain';
import { startSmsc, type Smsc } from './smsc';

import { FAST } from './harness-options';
import { deliveryTasks } from '../pipeline/harness';

export { FAST };

export function carrierHarness() {
  const env: Env = testEnv({ CARRIER_SIM_DELAY_MS: '0' });
  const deps = testDeps({ env });
  const db = deps.db;
  const call = restClient(deps);
  const { tasks } = deliveryTasks(db, env);
  const managers: ConnectorManager[] = [];
  const smscs: Smsc[] = [];

  return {
    env,
    db,
    call,
    async merchant() {
      return makeMerchant(db, env, { prepaid: '100' });
    },
    async connector(name: string, port: number, f: ConnectorFields = {}) {
      return createConnector(db, name, { kind: 'smpp', host: '127.0.0.1', port, systemId: 'gw', password: 'secret1', ...f }, env.APP_SECRET);
    },
    route: (prefix: string, connectorIds: string[], org: string | null = null) => setRoute(db, prefix, org, connectorIds),
    manager(opts: Partial<ManagerOptions> = {}) {
      const m = new ConnectorManager(db, env.APP_SECRET, `test-${randomBytes(3).toString('hex')}`, { ...FAST, ...opts });
      managers.push(m);
      m.start();
      return m;
    },
    /** A test SMSC that stopManagers closes. */
    async smsc(...args: Parameters<typeof startSmsc>) {
      const s = await startSmsc(...args);
      smscs.push(s);
      return s;
    },
    /** The usual start: a test SMSC, a connector `name` on it routed for `prefix`, a merchant and a running manager. */
    async routedTo(name: string, prefix: string, smscOpts?: Parameters<typeof startSmsc>[0]) {
      const s = await this.smsc(smscOpts);
      const c = await this.connector(name, s.port);
      await this.route(prefix, [c.id]);
      const m = await this.merchant();
      this.manager();
      return { s, c, m };
    },
    /** After each test: the managers stopped, every SMPP connector disabled, the SMSCs of smsc() closed. */
    async stopManagers() {
      await Promise.all(managers.splice(0).map((m) => m.stop()));
      await db.execute(sql`update connectors set enabled = false where kind = 'smpp'`);
      await Promise.all(smscs.splice(0).map((s) => s.close()));
    },
    /** The due jobs of the delivery pipeline (dispatch_message) and the simulator's passes, as the worker runs them. */
    drain: () => drain(db, tasks),
    /** POST /send, then the dispatch jobs and the simulator's passes, as the worker runs them. */
    async send(key: string, to: string[], message: string): Promise<string> {
      const res = await call('POST', '/send', { key, body: { to, message } });
      expect(res.status).toBe(201);
      await drain(db, tasks);
      return res.body.data.message_id as string;
    },
    recipients(messageId: string) {
      return db.execute<{ id: number; phone: string; state: string; carrier: string | null; carrier_message_id: string | null; error_code: string | null; error_message: string | null }>(
        sql`select id, phone, state, carrier, carrier_message_id, error_code, error_message from message_recipients where message_id = ${messageId} order by position`,
      );
    },
    events(messageId: string) {
      return db.execute<{ event_type: string; payload: any }>(
        sql`select event_type, payload from webhook_events where message_id = ${messageId} and event_type <> 'sms.queued'
             order by created_at, array_position(array['sms.processing', 'sms.sent', 'sms.delivered', 'sms.failed'], event_type)`,
      );
    },
  };
}

export async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A worker's connector manager in a process of its own (tests/carrier/owner-process.ts), for tests that SIGKILL the
 * connector's owner: resolves once it holds a bound session.
 */
export function startOwnerProcess(appSecret: string): Promise<ChildProcess> {
  const p = spawn(process.execPath, ['--import', 'tsx', 'tests/carrier/owner-process.ts'], {
    env: { ...process.env, APP_SECRET_FOR_TEST: appSecret, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    p.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('bound')) resolve(p);
    });
    p.on('exit', (code) => reject(new Error(`owner process exited with ${code}`)));
  });
}
