import { sql } from 'drizzle-orm';
import smpp from 'smpp';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { addOptOuts } from '@/server/domain/opt-outs/add-opt-outs';
import { enableSmpp } from '@/server/domain/smpp-access/credentials';
import { smppAccessPort } from '@/server/domain/smpp-access/server-port';
import { startSmppListener, type SmppListener } from '@/server/smpp/server/listener';
import { closePools, makeMerchant, testDeps, testEnv } from '../helpers';
import { walletBalances } from '../messaging/setup';

/** D19 over the merchant SMPP server (D15): a destination on the opt-out list is refused with 0x45, in submit_sm and in submit_multi. */
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const deps = testDeps({ env });
const db = deps.db;
const listeners: SmppListener[] = [];
const esmes: smpp.Session[] = [];

afterEach(async () => {
  for (const s of esmes.splice(0)) s.destroy();
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});
afterAll(closePools);

async function boundMerchant() {
  const m = await makeMerchant(db, env, { prepaid: '1' });
  const creds = (await db.transaction((tx) => enableSmpp(tx, env.APP_SECRET, m.appId, 'test')))!;
  const l = await startSmppListener({ backend: smppAccessPort({ db, secret: env.APP_SECRET, environment: env.SMS_ENV, listenerId: `opt-${listeners.length}` }), port: 0, host: '127.0.0.1' });
  listeners.push(l);
  const s = await new Promise<smpp.Session>((resolve, reject) => {
    const c = smpp.connect({ url: `smpp://127.0.0.1:${l.port}` }, () => resolve(c));
    c.on('error', reject);
    esmes.push(c);
  });
  const bound = await ask(s, 'bind_transceiver', { system_id: creds.system_id, password: creds.password, interface_version: 0x34 });
  expect(bound.command_status).toBe(0);
  return { m, s };
}

const ask = (s: smpp.Session, command: 'bind_transceiver' | 'submit_sm' | 'submit_multi', fields: Record<string, unknown>) =>
  new Promise<smpp.Pdu>((resolve) => (s as unknown as Record<string, (o: Record<string, unknown>, cb: (p: smpp.Pdu) => void) => void>)[command](fields, resolve));
const messagesOf = async (organizationId: string) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from messages where organization_id = ${organizationId}`))[0].n;

describe('D19 over SMPP', () => {
  it('submit_sm to an opted-out phone: 0x45, nothing charged, no message; the same phone of another organization goes', async () => {
    const { m, s } = await boundMerchant();
    await addOptOuts(db, { organizationId: m.organizationId, phones: ['+243810001234'], source: 'keyword', reason: null, actor: 'test' });
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const r = await ask(s, 'submit_sm', { destination_addr: '0810001234', short_message: Buffer.from('hi', 'latin1') }).finally(() => spy.mockRestore());
    expect(r.command_status).toBe(0x45);
    // the reason is for the operator's log, never in the PDU
    expect(lines.map((l) => JSON.parse(l)).filter((e) => e.msg === 'smpp submit_sm refused')).toEqual([
      expect.objectContaining({ app_id: m.appId, status: 0x45, reason: 'opted out' }),
    ]);
    expect(await messagesOf(m.organizationId)).toBe(0);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '1.0000' });

    const other = await boundMerchant();
    const ok = await ask(other.s, 'submit_sm', { destination_addr: '0810001234', short_message: Buffer.from('hi', 'latin1') });
    expect(ok.command_status).toBe(0);
  });

  it('submit_multi: the opted-out destination is listed unsuccessful with 0x45, the others are sent and charged; all opted out: 0x45', async () => {
    const { m, s } = await boundMerchant();
    await addOptOuts(db, { organizationId: m.organizationId, phones: ['+243840001234'], source: 'api', reason: null, actor: 'test' });
    const r = await ask(s, 'submit_multi', {
      dest_address: [
        { dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '243810001234' },
        { dest_addr_ton: 0, dest_addr_npi: 1, destination_addr: '0840001234' },
        { dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '12' },
        { dest_addr_ton: 0, dest_addr_npi: 1, destination_addr: '0970001234' },
      ],
      short_message: Buffer.from('to many', 'latin1'),
    });
    expect(r.command_status).toBe(0);
    expect(r.unsuccess_sme).toEqual([
      { dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '12', error_status_code: 0x0b },
      { dest_addr_ton: 0, dest_addr_npi: 1, destination_addr: '0840001234', error_status_code: 0x45 },
    ]);
    const rows = await db.execute<{ phone: string; state: string }>(sql`select phone, state from message_recipients where message_id = ${r.message_id} order by position`);
    expect(rows).toEqual([
      { phone: '+243810001234', state: 'pending' },
      { phone: '+243970001234', state: 'pending' },
    ]);
    const [msg] = await db.execute<{ total_recipients: number; failed: number; total_cost: string }>(
      sql`select total_recipients, failed, total_cost::text from messages where id = ${r.message_id}`,
    );
    expect(msg).toEqual({ total_recipients: 2, failed: 0, total_cost: '0.0380' }); // Vodacom 0.02 + Airtel 0.018
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '0.9620' });

    const none = await ask(s, 'submit_multi', {
      dest_address: [{ dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '243840001234' }],
      short_message: Buffer.from('again', 'latin1'),
    });
    expect(none.command_status).toBe(0x45);
    expect(await messagesOf(m.organizationId)).toBe(1);
  });
});
