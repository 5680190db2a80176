import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRateLimits } from '@/server/domain/keys/manage-keys';
import { money } from '@/server/lib/money';
import { closePools, makeMerchant, testDb, testEnv } from '../helpers';
import { ensureBuild, startService, type Service } from './service';

/**
 * Issue 6, reliability 1: 500 concurrent sends from 10 keys through TWO web
 * processes (two `npm start`, WORKER=off, one database). Money stays exact:
 * no wallet below zero, every 201 charged exactly its total_cost, every 402
 * charged nothing, each wallet equal to the sum of its ledger; and the
 * rate-limit windows are shared, so a key limited to N gets exactly N.
 */
const db = testDb();
const env = testEnv();
let a: Service;
let b: Service;

beforeAll(async () => {
  await ensureBuild();
  [a, b] = await Promise.all([startService({ WORKER: 'off' }), startService({ WORKER: 'off' })]);
}, 300_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await closePools();
});

type Answer = { status: number; body: any; key: string };
async function post(svc: Service, key: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${svc.api}/send`, { method: 'POST', headers: { 'app-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json(), key };
}

/** What to print when an answer is not one of `expected`: those answers and the services' error logs. */
function unexpected(answers: Answer[], expected: number[]): string {
  const odd = answers.filter((r) => !expected.includes(r.status));
  if (!odd.length) return '';
  const errors = (svc: Service) => svc.output().split('\n').filter((l) => l.includes('"level":"error"')).slice(0, 5).join('\n');
  return `${odd.length} unexpected answer(s), first: ${JSON.stringify(odd[0].body)}\nweb a:\n${errors(a)}\nweb b:\n${errors(b)}`;
}

describe('money under concurrency, two web processes, one database', () => {
  it('500 concurrent sends from 10 keys: exact charges, no overdraft, ledger = balances', async () => {
    // 0.50 per merchant (0.30 prepaid + 0.20 postpaid); a send costs 0.02 per recipient, 1 to 3 recipients.
    const merchants = await Promise.all(Array.from({ length: 10 }, (_, i) => makeMerchant(db, env, { name: `M${i}`, prepaid: '0.30', postpaid: '0.20' })));
    const to = (n: number) => Array.from({ length: n }, (_, i) => `+2438123456${String(10 + i)}`);
    const requests = Array.from({ length: 500 }, (_, i) => {
      const m = merchants[i % 10];
      return post(i % 2 ? a : b, m.apiKey, { to: to(1 + (i % 3)), message: 'Reliability' });
    });
    const answers = await Promise.all(requests);

    const statuses = answers.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    expect(Object.keys(statuses).sort(), unexpected(answers, [201, 402])).toEqual(['201', '402']);
    for (const r of answers.filter((x) => x.status === 402)) expect(r.body).toMatchObject({ success: false, status_code: 402, error_code: '1202' });
    const accepted = answers.filter((r) => r.status === 201);
    expect(accepted.length).toBeGreaterThan(100); // 10 x 0.50 buys 125 to 250 sends

    // No wallet below zero; each wallet equals the sum of its ledger rows.
    const wallets = await db.execute<{ id: string; organization_id: string; balance: string; ledger: string }>(sql`
      select w.id, w.organization_id, w.balance::text, coalesce(sum(l.amount), 0)::text as ledger
        from wallets w left join wallet_ledger l on l.wallet_id = w.id
       where w.organization_id = any(string_to_array(${merchants.map((m) => m.organizationId).join(',')}, ',')) group by w.id`);
    expect(wallets).toHaveLength(20);
    for (const w of wallets) {
      expect(money(w.balance).gte(0)).toBe(true);
      expect(money(w.balance).eq(w.ledger)).toBe(true);
    }

    // Every 201 charged exactly its total_cost, once; nothing else charged (every 402 charged nothing).
    const charges = await db.execute<{ message_id: string | null; n: number; total: string }>(sql`
      select message_id, count(*)::int as n, sum(amount)::text as total from wallet_ledger
       where entry_type = 'charge' and organization_id = any(string_to_array(${merchants.map((m) => m.organizationId).join(',')}, ',')) group by message_id`);
    const byMessage = new Map(charges.map((c) => [c.message_id, c]));
    expect(byMessage.size).toBe(accepted.length);
    for (const r of accepted) {
      const c = byMessage.get(r.body.data.message_id);
      expect(c, r.body.data.message_id).toBeDefined();
      expect(c!.n).toBeLessThanOrEqual(2); // prepaid part and postpaid part
      expect(money(c!.total).negated().eq(money(String(r.body.data.total_cost)))).toBe(true);
    }
    const stored = await db.execute<{ n: number }>(sql`select count(*)::int as n from messages where id = any(string_to_array(${accepted.map((r) => r.body.data.message_id).join(',')}, ','))`);
    expect(stored[0].n).toBe(accepted.length);

    // Per merchant: what is left is exactly 0.50 minus what its 201s cost.
    for (const m of merchants) {
      const spent = accepted.filter((r) => r.key === m.apiKey).reduce((acc, r) => acc.plus(money(String(r.body.data.total_cost))), money(0));
      const left = wallets.filter((w) => w.organization_id === m.organizationId).reduce((acc, w) => acc.plus(w.balance), money(0));
      expect(left.plus(spent).eq('0.50')).toBe(true);
      // a 402 only when the remaining balance could not pay that send
      const refused = answers.filter((r) => r.key === m.apiKey && r.status === 402);
      if (refused.length) expect(left.lt('0.06')).toBe(true);
    }
  }, 120_000);

  it('rate-limit windows are shared: a key limited to 20 sends gets exactly 20 across both processes', async () => {
    const m = await makeMerchant(db, env, { name: 'Limited', prepaid: '100' });
    await setRateLimits(db, m.appId, { send: 20 });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post(i % 2 ? a : b, m.apiKey, { to: ['+243812345678'], message: 'Limited' })));
    expect(answers.filter((r) => ![201, 429].includes(r.status)), unexpected(answers, [201, 429])).toEqual([]);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(20);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(40);
    for (const r of answers.filter((x) => x.status === 429)) expect(['1301', '1302']).toContain(r.body.error_code);
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from messages where app_id = ${m.appId}`);
    expect(n).toBe(20);
  }, 60_000);
});
