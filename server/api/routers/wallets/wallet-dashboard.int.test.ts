import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, topUpRequests, walletLedger, wallets } from '@/db/schema';
import { ledgerCsvResponse } from '@/server/api/ledger-csv';
import { postLedgerEntry } from '@/server/domain/wallets/ledger';
import { money } from '@/server/lib/money';
import { parseCsv } from '@/shared/csv/csv';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, restClient, testDeps, testEnv } from '@/tests/helpers';
import { refused, teamOf } from '@/tests/team-helpers';

const deps = testDeps();
const { db } = deps;
const live = testDeps({ db, env: testEnv({ SMS_ENV: 'live', APP_SECRET: 'l'.repeat(40) }) });
afterAll(closePools);

async function ledgerSum(organizationId: string) {
  const rows = await db.select().from(wallets).where(eq(wallets.organizationId, organizationId));
  const out: Record<string, [string, string]> = {};
  for (const w of rows) {
    const [{ s }] = await db.execute<{ s: string }>(sql`select coalesce(sum(amount), 0)::numeric(18,4)::text as s from wallet_ledger where wallet_id = ${w.id}`);
    out[w.type] = [w.balance, s];
  }
  return out;
}

describe('wallet overview', () => {
  it('a new organization has an empty prepaid wallet (D13): zeros, the fallback default price, the platform list’s average', async () => {
    const { api } = await signedUpCaller(deps);
    expect(await api.wallets.overview()).toEqual({
      currency: 'USD', currency_symbol: '$', environment: 'test', prepaid: 0, postpaid: null, balance: 0, default_price: 0.01,
      buys: { sms: 0, price: 0.0185, basis: 'networks_average', networks: 4, source: 'platform', lowest: 0.017, highest: 0.02 },
    });
  });

  it("D13: a new sign-up's first key gets GET /balance 200 with zeros, not the no-wallet 400", async () => {
    const { api } = await signedUpCaller(deps);
    const created = await api.keys.create({ name: 'First' });
    const res = await restClient(deps)('GET', '/balance', { key: created.api_key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ balance: 0, sms_wallet_balance: 0, postpaid_wallet_balance: 0, available_sms: 0 });
  });
});

describe('sandbox top-up', () => {
  it('credits at once with one top_up ledger row whose balance_after runs, audited', async () => {
    const { api, organizationId, user } = await signedUpCaller(deps);
    expect(await api.wallets.topUp({ wallet: 'prepaid', amount: '25' })).toEqual({ mode: 'credited', wallet: 'prepaid', amount: 25, balance: 25 });
    expect(await api.wallets.topUp({ wallet: 'prepaid', amount: '10.1234' })).toMatchObject({ balance: 35.1234 });
    await api.wallets.topUp({ wallet: 'postpaid', amount: '5' });
    expect(await api.wallets.overview()).toMatchObject({ prepaid: 35.1234, postpaid: 5, balance: 40.1234, default_price: 0.01, buys: { sms: 2168 } });
    const page = await api.wallets.listLedger({ filter: {} });
    expect(page.entries.map((e) => [e.wallet, e.type, e.amount, e.balance_after, e.actor, e.note])).toEqual([
      ['postpaid', 'top_up', 5, 5, `user:${user.id}`, 'sandbox test credit'],
      ['prepaid', 'top_up', 10.1234, 35.1234, `user:${user.id}`, 'sandbox test credit'],
      ['prepaid', 'top_up', 25, 25, `user:${user.id}`, 'sandbox test credit'],
    ]);
    expect(page.next_cursor).toBeNull();
    expect(await ledgerSum(organizationId)).toEqual({ SVC_SMS: ['35.1234', '35.1234'], SVC_POST_PAID: ['5.0000', '5.0000'] });
    const audit = await db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId));
    expect(audit.filter((a) => a.action === 'wallet.top_up').map((a) => a.details.amount)).toEqual(['25.0000', '10.1234', '5.0000']);
    expect(await db.select().from(topUpRequests).where(eq(topUpRequests.organizationId, organizationId))).toEqual([]);
  });

  it('validates the amount with the shared schema', async () => {
    const { api } = await signedUpCaller(deps);
    for (const amount of ['0', '-1', '1.23456', 'abc', '1e3', '1000000.01']) {
      await refused(api.wallets.topUp({ wallet: 'prepaid', amount }), 'BAD_REQUEST');
    }
  });

  it('viewers cannot top up; developers can in the sandbox', async () => {
    const team = await teamOf(deps);
    await refused(team.viewer.api.wallets.topUp({ wallet: 'prepaid', amount: '1' }), 'FORBIDDEN');
    await team.developer.api.wallets.topUp({ wallet: 'prepaid', amount: '1' });
    expect((await team.viewer.api.wallets.overview()).prepaid).toBe(1);
  });
});

describe('live top-up', () => {
  it('creates a pending request and moves no money; owners only', async () => {
    const team = await teamOf(live);
    await refused(team.developer.api.wallets.topUp({ wallet: 'prepaid', amount: '100' }), 'FORBIDDEN', /owner role/);
    const r = await team.owner.api.wallets.topUp({ wallet: 'prepaid', amount: '100', reference: 'INV-7' });
    expect(r).toMatchObject({ mode: 'requested', request: { wallet: 'prepaid', amount: 100, state: 'pending', reference: 'INV-7', decided_at: null } });
    expect(await team.owner.api.wallets.overview()).toMatchObject({ environment: 'live', prepaid: 0, balance: 0 });
    expect((await team.viewer.api.wallets.listTopUpRequests()).requests).toHaveLength(1);
    expect(await db.select().from(walletLedger).where(eq(walletLedger.organizationId, team.organizationId))).toEqual([]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.organizationId, team.organizationId));
    expect(audit.some((a) => a.action === 'top_up.request')).toBe(true);
  });
});

describe('ledger filters and pagination', () => {
  it('filters by wallet, type and dates in the organization zone; pages by cursor without overlap', async () => {
    const { api, organizationId } = await signedUpCaller(deps);
    for (let i = 1; i <= 7; i++) await api.wallets.topUp({ wallet: 'prepaid', amount: String(i) });
    await api.wallets.topUp({ wallet: 'postpaid', amount: '50' });
    const [prepaid] = await db.select().from(wallets).where(eq(wallets.organizationId, organizationId));
    await postLedgerEntry(db, { walletId: prepaid.id, amount: money('-2'), entryType: 'charge', actor: 'api:app_x', messageId: 'msg_x' });

    const p1 = await api.wallets.listLedger({ filter: { wallet: 'prepaid' }, limit: 3 });
    expect(p1.entries.map((e) => e.amount)).toEqual([-2, 7, 6]);
    expect(p1.entries[0]).toMatchObject({ type: 'charge', balance_after: 26, message_id: 'msg_x' });
    const p2 = await api.wallets.listLedger({ filter: { wallet: 'prepaid' }, limit: 3, cursor: p1.next_cursor! });
    const p3 = await api.wallets.listLedger({ filter: { wallet: 'prepaid' }, limit: 3, cursor: p2.next_cursor! });
    expect([...p2.entries, ...p3.entries].map((e) => e.amount)).toEqual([5, 4, 3, 2, 1]);
    expect(p3.next_cursor).toBeNull();

    expect((await api.wallets.listLedger({ filter: { type: 'charge' } })).entries).toHaveLength(1);
    expect((await api.wallets.listLedger({ filter: { wallet: 'postpaid', type: 'top_up' } })).entries.map((e) => e.amount)).toEqual([50]);

    // Kinshasa is UTC+1: a row at 23:30 UTC belongs to the next local day.
    // (the ledger is append-only: a back-dated row is inserted, not moved)
    await db.execute(sql`insert into wallet_ledger (wallet_id, organization_id, entry_type, amount, balance_after, actor, created_at)
      values (${prepaid.id}, ${organizationId}, 'adjustment', 0, 26, 'system', '2026-03-01T23:30:00Z')`);
    expect((await api.wallets.listLedger({ filter: { from: '2026-03-02', to: '2026-03-02' } })).entries.map((e) => e.type)).toEqual(['adjustment']);
    expect((await api.wallets.listLedger({ filter: { from: '2026-03-01', to: '2026-03-01' } })).entries).toEqual([]);
    expect((await api.wallets.listLedger({ filter: { to: '2026-03-02' } })).entries).toHaveLength(1);
    expect((await api.wallets.listLedger({ filter: { from: '2026-03-03' } })).entries).toHaveLength(9);
    await refused(api.wallets.listLedger({ filter: { from: '2026-03-05', to: '2026-03-01' } }), 'BAD_REQUEST');
    await refused(api.wallets.listLedger({ filter: { from: '2026-02-30' } }), 'BAD_REQUEST');
  });

  it("never shows another organization's rows, even with its cursor", async () => {
    const a = await signedUpCaller(deps);
    const b = await signedUpCaller(deps);
    await a.api.wallets.topUp({ wallet: 'prepaid', amount: '9' });
    const aPage = await a.api.wallets.listLedger({ filter: {} });
    expect((await b.api.wallets.listLedger({ filter: {} })).entries).toEqual([]);
    expect((await b.api.wallets.listLedger({ filter: {}, cursor: aPage.entries[0].id + 1 })).entries).toEqual([]);
    expect(await b.api.wallets.overview()).toMatchObject({ prepaid: 0, balance: 0 });
  });
});

describe('ledger CSV export', () => {
  const csv = async (user: Parameters<typeof ledgerCsvResponse>[1], query = '') => {
    const res = await ledgerCsvResponse(deps, user, new URL(`http://localhost/dashboard/wallet/ledger.csv${query}`), new Headers());
    return { res, text: await res.text() };
  };

  it('streams every filtered row with exact amounts; session required; own organization only', async () => {
    const { api, user } = await signedUpCaller(deps);
    const other = await signedUpCaller(deps);
    await other.api.wallets.topUp({ wallet: 'prepaid', amount: '77' });
    await api.wallets.topUp({ wallet: 'prepaid', amount: '12.5' });
    await api.wallets.topUp({ wallet: 'postpaid', amount: '3.0001' });

    const { res, text } = await csv(user);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ledger-org_\w+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,created_at,wallet,type,amount,balance_after,currency,message_id,actor,note');
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 7).join(','))).toEqual([
      'postpaid,top_up,3.0001,3.0001,USD',
      'prepaid,top_up,12.5000,12.5000,USD',
    ]);
    expect(text).not.toContain('77.0000');

    const filtered = await csv(user, '?wallet=postpaid&type=&from=');
    expect(filtered.text.trimEnd().split('\r\n')).toHaveLength(2);
    expect((await csv(user, '?type=bogus')).res.status).toBe(400);
    expect((await csv(null)).res.status).toBe(401);
  });

  it('pages through more rows than one database page', async () => {
    const { api, user, organizationId } = await signedUpCaller(deps);
    await api.wallets.topUp({ wallet: 'prepaid', amount: '1' });
    const [w] = await db.select().from(wallets).where(eq(wallets.organizationId, organizationId));
    await db.execute(sql`
      insert into wallet_ledger (wallet_id, organization_id, entry_type, amount, balance_after, actor, note)
      select ${w.id}, ${organizationId}, 'adjustment', 0, 1, 'system', '=cmd|' || g from generate_series(1, 1500) g`);
    const { text } = await csv(user);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 1501);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(1502);
    // a note that a spreadsheet would run as a formula is neutralized
    expect(lines[1].endsWith(",system,'=cmd|1500")).toBe(true);
  });

  it('neutralises every formula start (= + - @ TAB CR) in notes, also after a `;` inside one; amounts stay numbers', async () => {
    const { api, user, organizationId } = await signedUpCaller(deps);
    await api.wallets.topUp({ wallet: 'prepaid', amount: '1' });
    const [w] = await db.select().from(wallets).where(eq(wallets.organizationId, organizationId));
    const notes = ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', 'x;=1+1;'];
    for (const note of notes) {
      await db.execute(sql`insert into wallet_ledger (wallet_id, organization_id, entry_type, amount, balance_after, actor, note)
        values (${w.id}, ${organizationId}, 'adjustment', -0.5, 0.5, 'system', ${note})`);
    }
    const { text } = await csv(user);
    const rows = parseCsv(text).slice(1, 1 + notes.length).reverse(); // newest first
    expect(rows.map((r) => r[9])).toEqual(["'=1+1", "'+1+1", "'-1+1", "'@SUM(A1)", "'\t'=1", "'\r'=1", "x;'=1+1;"]);
    expect(rows.map((r) => r[4])).toEqual(Array(notes.length).fill('-0.5000'));
  });
});
