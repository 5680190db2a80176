import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addOptOuts } from '@/server/domain/opt-outs/add-opt-outs';
import { closePools, makeMerchant, testEnv } from '../helpers';
import { walletBalances } from '../messaging/setup';
import { drain } from './drain';
import { pipelineHarness } from './harness';

/**
 * D19 under concurrency: a send and an opt-out of one of its phones at the same moment end one of two ways, sent and
 * charged, or suppressed and not charged (net of the D20 refund); never charged without a send, and a phone whose
 * opt-out committed before its dispatch is never handed to a carrier.
 */
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const { deps, call, tasks } = pipelineHarness(env);
const db = deps.db;
afterAll(closePools);

const VODACOM = '+243810005555';

/** Per recipient of the message: its phone, final state, error, price, and whether a carrier ever held it. */
async function outcome(messageId: string) {
  return db.execute<{ phone: string; state: string; error_code: string | null; price: string; handed: boolean }>(sql`
    select r.phone, r.state, r.error_code, r.price::text,
           exists (select 1 from webhook_events e where e.recipient_id = r.id and e.event_type = 'sms.processing') as handed
      from message_recipients r where r.message_id = ${messageId} order by r.position`);
}
/** What the message cost its organization in the end: its charges less its refunds. */
async function netCharge(messageId: string): Promise<string> {
  const [r] = await db.execute<{ net: string }>(sql`select coalesce(-sum(amount), 0)::numeric(18,4)::text as net from wallet_ledger where message_id = ${messageId}`);
  return r.net;
}

describe('D19: a send racing an opt-out', () => {
  it('an opt-out not yet committed does not block the send, which charges the phone; committed before the dispatch, it is skipped and refunded', async () => {
    const m = await makeMerchant(db, env, { prepaid: '1' });
    const phone = '+243840001001';
    let release!: () => void;
    let inserted!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const ready = new Promise<void>((r) => (inserted = r));
    const stop = db.transaction(async (tx) => {
      await tx.execute(sql`insert into opt_outs (organization_id, phone, source) values (${m.organizationId}, ${phone}, 'keyword')`);
      inserted();
      await gate; // the STOP's transaction is still open while the send runs
    });
    await ready;
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [phone, VODACOM], message: 'Hello' } });
    expect(res.body.data).toMatchObject({ suppressed_recipients: 0, total_cost: 0.039 });
    release();
    await stop;
    await drain(db, tasks);
    const id = res.body.data.message_id as string;
    expect((await outcome(id)).map((r) => [r.phone, r.state, r.error_code, r.handed])).toEqual([
      [phone, 'failed', 'OPTED_OUT', false],
      [VODACOM, 'delivered', null, true],
    ]);
    expect(await netCharge(id)).toBe('0.0200');
  });

  it('twenty sends each racing the opt-out of one of their phones: every phone is either sent and charged or suppressed and not charged', async () => {
    const m = await makeMerchant(db, env, { prepaid: '10' });
    const rounds = Array.from({ length: 20 }, (_, i) => `+2438400020${String(i).padStart(2, '0')}`);
    const ids = await Promise.all(
      rounds.map(async (phone, i) => {
        const send = call('POST', '/send', { key: m.apiKey, body: { to: [phone, VODACOM], message: `Hello ${i}` } });
        const stop = addOptOuts(db, { organizationId: m.organizationId, phones: [phone], source: 'keyword', reason: null, actor: 'test' });
        const [res] = await Promise.all([send, stop]);
        expect(res.status).toBe(201);
        return { phone, id: res.body.data.message_id as string, suppressedAtSend: res.body.data.suppressed_recipients as number };
      }),
    );
    await drain(db, tasks);
    for (const { phone, id, suppressedAtSend } of ids) {
      const [optedOut, other] = await outcome(id);
      expect(optedOut.phone).toBe(phone);
      // every opt-out committed before the dispatch ran (drain): none of these phones reached a carrier
      expect([optedOut.state, optedOut.error_code, optedOut.handed]).toEqual(['failed', 'OPTED_OUT', false]);
      expect(optedOut.price).toBe(suppressedAtSend ? '0.0000' : '0.0190');
      expect(other.state).toBe('delivered');
      // charged for exactly what a carrier was handed
      expect(await netCharge(id)).toBe('0.0200');
    }
    const balances = await walletBalances(deps, m.organizationId); // equal to the sum of their ledger rows (D2)
    expect(balances).toEqual({ SVC_SMS: (10 - 20 * 0.02).toFixed(4) });
  });

  it('opt-outs racing the dispatches: a phone handed to a carrier stays charged, one skipped is refunded; nothing in between', async () => {
    const m = await makeMerchant(db, env, { prepaid: '10' });
    const phones = Array.from({ length: 12 }, (_, i) => `+2438400030${String(i).padStart(2, '0')}`);
    const sent = [];
    for (const phone of phones) sent.push({ phone, id: (await call('POST', '/send', { key: m.apiKey, body: { to: [phone, VODACOM], message: 'Hi' } })).body.data.message_id as string });
    await Promise.all([
      drain(db, tasks),
      ...phones.map((phone) => addOptOuts(db, { organizationId: m.organizationId, phones: [phone], source: 'keyword', reason: null, actor: 'test' })),
    ]);
    await drain(db, tasks);
    for (const { id } of sent) {
      const [raced] = await outcome(id);
      if (raced.handed) {
        expect(raced.error_code).not.toBe('OPTED_OUT');
        expect(await netCharge(id)).toBe('0.0390');
      } else {
        expect([raced.state, raced.error_code]).toEqual(['failed', 'OPTED_OUT']);
        expect(await netCharge(id)).toBe('0.0200');
      }
    }
    await walletBalances(deps, m.organizationId);
  });
});
