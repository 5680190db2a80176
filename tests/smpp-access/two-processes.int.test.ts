import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import smpp from 'smpp';
import { afterAll, describe, expect, it } from 'vitest';
import { enableSmpp } from '@/server/domain/smpp-access/credentials';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { closePools, makeMerchant, testDb, testEnv } from '../helpers';
import { freePort, waitFor } from '../reliability/service';

/** D15: two listener processes (scripts/smpp.ts, as the launcher starts them) on one database. */
const db = testDb();
const env = testEnv();
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
  await closePools();
});

async function listenerProcess(): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/smpp.ts'], {
    env: { ...process.env, SMPP_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  await waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        const s = smpp.connect({ url: `smpp://127.0.0.1:${port}` }, () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      }),
    30_000,
    200,
  );
  return port;
}

describe('two SMPP listener processes', () => {
  it('share the 4-session limit of an app, and each submit is billed once whichever process takes it', async () => {
    const [a, b] = await Promise.all([listenerProcess(), listenerProcess()]);
    const m = await makeMerchant(db, env, { prepaid: '10' });
    const creds = (await db.transaction((tx) => enableSmpp(tx, env.APP_SECRET, m.appId, 'test')))!;
    const bind = (port: number) =>
      new Promise<{ s: smpp.Session; status: number }>((resolve) => {
        const s = smpp.connect({ url: `smpp://127.0.0.1:${port}` }, () =>
          s.bind_transceiver({ system_id: creds.system_id, password: creds.password }, (pdu) => resolve({ s, status: pdu.command_status })),
        );
      });
    const sessions = [];
    for (const port of [a, b, a, b]) sessions.push(await bind(port));
    expect(sessions.map((x) => x.status)).toEqual([0, 0, 0, 0]);
    const fifth = await bind(b);
    expect(fifth.status).toBe(0x0d);
    const ids = await Promise.all(
      sessions.map(
        ({ s }, i) =>
          new Promise<string>((resolve) =>
            s.submit_sm({ destination_addr: `+24381000${1000 + i}`, short_message: `from session ${i}` }, (pdu) => resolve(pdu.message_id as string)),
          ),
      ),
    );
    expect(new Set(ids).size).toBe(4);
    const [ledger] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from wallet_ledger where message_id = any(${arrayLiteral(ids)}::text[])`,
    );
    expect(ledger.n).toBe(4);
    const [binds] = await db.execute<{ listeners: number }>(sql`select count(distinct listener)::int as listeners from smpp_binds where app_id = ${m.appId}`);
    expect(binds.listeners).toBe(2);
    for (const { s } of [...sessions, fifth]) s.destroy();
  }, 90_000);
});
