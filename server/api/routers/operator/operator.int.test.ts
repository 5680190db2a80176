import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, walletLedger, wallets } from '@/db/schema';
import { postLedgerEntry } from '@/server/domain/wallets/ledger';
import { money } from '@/server/lib/money';
import { callerAs, signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, DRC_PRICES, makeMerchant, restClient, testDeps, testEnv } from '@/tests/helpers';
import { refused } from '@/tests/team-helpers';

const deps = testDeps();
const { db, env } = deps;
const live = testDeps({ db, env: testEnv({ SMS_ENV: 'live', APP_SECRET: 'l'.repeat(40) }) });
afterAll(closePools);

const operator = () => signedUpCaller(deps, { operator: true });
const auditFor = (targetId: string) => db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

describe('access', () => {
  it('merchants (even owners) and signed-out callers cannot use the console', async () => {
    const merchant = await signedUpCaller(deps);
    await refused(merchant.api.operator.listMerchants({}), 'FORBIDDEN', /Operators only/);
    await refused(merchant.api.operator.getMerchant({ organizationId: merchant.organizationId }), 'FORBIDDEN');
    await refused(merchant.api.operator.listAudit({}), 'FORBIDDEN');
    await refused(merchant.api.operator.setCreditLine({ organizationId: merchant.organizationId, amount: '1000' }), 'FORBIDDEN');
    await refused(callerAs(deps, null).operator.listMerchants({}), 'UNAUTHORIZED');
  });
});

describe('merchants', () => {
  it('pages the list newest first by keyset: every merchant once, next_cursor null at the end, a search pages too', async () => {
    const op = await operator();
    const tag = `Paged ${Date.now()}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await makeMerchant(db, env, { name: `${tag} ${i}` })).organizationId);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await op.api.operator.listMerchants({ search: tag, limit: 2, cursor });
      expect(r.merchants.length).toBeLessThanOrEqual(2);
      seen.push(...r.merchants.map((x) => x.id));
      if (!r.next_cursor) break;
      cursor = r.next_cursor;
    }
    expect(seen).toEqual([...made].reverse());
    const all = await op.api.operator.listMerchants({ search: tag });
    expect([all.merchants.length, all.next_cursor]).toEqual([5, null]);
    // A cursor that is not one is refused like every list's (the console's page then starts over).
    await expect(op.api.operator.listMerchants({ search: tag, cursor: 'not-a-cursor' })).rejects.toMatchObject({ cause: { options: { errors: [{ field: 'cursor' }] } } });
  });

  it('lists organizations with balances, apps and pending work; search by name or id', async () => {
    const op = await operator();
    const m = await makeMerchant(db, env, { name: `Listed ${Date.now()}`, prepaid: '12.5', postpaid: '3' });
    const { merchants } = await op.api.operator.listMerchants({ search: m.organizationId });
    expect(merchants).toEqual([
      expect.objectContaining({ id: m.organizationId, prepaid: 12.5, postpaid: 3, apps: 1, apps_pending: 0, top_ups_pending: 0, currency: 'USD' }),
    ]);
    expect((await op.api.operator.listMerchants({ search: 'listed' })).merchants.map((x) => x.id)).toContain(m.organizationId);
    expect((await op.api.operator.listMerchants({ search: '%' })).merchants.every((x) => x.name.includes('%'))).toBe(true);
    const detail = await op.api.operator.getMerchant({ organizationId: m.organizationId });
    expect(detail).toMatchObject({ id: m.organizationId, prepaid: 12.5, postpaid: 3, default_price: 0.02, apps: [{ id: m.appId, status: 'allowed' }] });
    expect(detail.prices).toHaveLength(DRC_PRICES.length);
    expect(JSON.stringify(detail)).not.toContain(m.apiKey);
    await refused(op.api.operator.getMerchant({ organizationId: 'org_doesnotexist' }), 'NOT_FOUND');
  });
});

describe('key status', () => {
  it('suspending a key makes the API answer 403 with the spec text; allowing restores it; audited', async () => {
    const op = await operator();
    const m = await makeMerchant(db, env, { prepaid: '5' });
    const rest = restClient(deps);
    expect((await rest('GET', '/balance', { key: m.apiKey })).status).toBe(200);
    expect(await op.api.operator.setKeyStatus({ appId: m.appId, status: 'suspended' })).toMatchObject({ id: m.appId, status: 'suspended' });
    expect(await rest('GET', '/balance', { key: m.apiKey })).toMatchObject({ status: 403, body: { detail: 'Gateway app is suspended. Please contact support.' } });
    for (const [status, text] of [
      ['locked', 'Gateway app is locked. Please contact support.'],
      ['revoqued', 'Gateway app has been revoked. Please contact support.'],
      ['expired', 'Gateway app has expired. Please contact support.'],
      ['rejected', 'Gateway app has been rejected. Please contact support.'],
    ] as const) {
      await op.api.operator.setKeyStatus({ appId: m.appId, status });
      expect((await rest('GET', '/balance', { key: m.apiKey })).body).toEqual({ detail: text });
    }
    await op.api.operator.setKeyStatus({ appId: m.appId, status: 'allowed' });
    expect((await rest('GET', '/balance', { key: m.apiKey })).status).toBe(200);
    const audit = (await auditFor(m.appId)).filter((a) => a.action === 'key.set_status');
    expect(audit.map((a) => [a.actor, a.details.from, a.details.to])).toEqual([
      [`user:${op.user.id}`, 'allowed', 'suspended'],
      [`user:${op.user.id}`, 'suspended', 'locked'],
      [`user:${op.user.id}`, 'locked', 'revoqued'],
      [`user:${op.user.id}`, 'revoqued', 'expired'],
      [`user:${op.user.id}`, 'expired', 'rejected'],
      [`user:${op.user.id}`, 'rejected', 'allowed'],
    ]);
    await refused(op.api.operator.setKeyStatus({ appId: 'app_doesnotexist', status: 'allowed' }), 'NOT_FOUND');
  });

  it('a merchant regenerating a suspended key gets a new key that is still suspended', async () => {
    const op = await operator();
    const merchant = await signedUpCaller(deps);
    const { app } = await merchant.api.keys.create({ name: 'Suspended' });
    await op.api.operator.setKeyStatus({ appId: app.id, status: 'suspended' });
    const { api_key, app: after } = await merchant.api.keys.regenerate({ appId: app.id });
    expect(after.status).toBe('suspended');
    expect(await restClient(deps)('GET', '/balance', { key: api_key })).toMatchObject({ status: 403, body: { detail: 'Gateway app is suspended. Please contact support.' } });
  });

  it('approves a live key created pending validation', async () => {
    const op = await signedUpCaller(live, { operator: true });
    const merchant = await signedUpCaller(live);
    const { app } = await merchant.api.keys.create({ name: 'Prod' });
    expect((await op.api.operator.listMerchants({ search: merchant.organizationId })).merchants[0].apps_pending).toBe(1);
    await op.api.operator.setKeyStatus({ appId: app.id, status: 'allowed' });
    expect((await merchant.api.keys.list()).apps[0].status).toBe('allowed');
  });
});

describe('pricing rows', () => {
  it('replaces rows and the default price; the calculator follows; validation; audited', async () => {
    const op = await operator();
    const merchant = await signedUpCaller(deps);
    const view = await op.api.operator.setPrices({
      organizationId: merchant.organizationId,
      defaultPrice: '0.025',
      rows: [
        { country: 'cd', network: 'Vodacom', prefixes: '24381, +24382', price: '0.02' },
        { country: 'CD', network: 'Orange', prefixes: '24384', price: '0.019' },
      ],
    });
    expect(view).toMatchObject({ source: 'organization', average_price: 0.0195, default_price: 0.025 });
    expect(view.rows.map((r) => [r.country, r.network, r.prefixes])).toEqual([['CD', 'Orange', ['24384']], ['CD', 'Vodacom', ['24381', '24382']]]);
    expect(await merchant.api.pricing.estimate({ mode: 'sms_to_amount', sms_count: 1000 })).toMatchObject({ amount: 19.5, average_price: 0.0195 });
    expect(await merchant.api.wallets.overview()).toMatchObject({ default_price: 0.025, buys: { price: 0.0195, source: 'organization' } });

    const bad = [
      { country: 'C', network: 'X', prefixes: '1', price: '0.01' },
      { country: 'CD', network: '', prefixes: '1', price: '0.01' },
      { country: 'CD', network: 'X', prefixes: '24a', price: '0.01' },
      { country: 'CD', network: 'X', prefixes: '1', price: '0' },
    ];
    for (const row of bad) await refused(op.api.operator.setPrices({ organizationId: merchant.organizationId, defaultPrice: '', rows: [row] }), 'BAD_REQUEST');
    const dup = await op.api.operator
      .setPrices({ organizationId: merchant.organizationId, defaultPrice: '', rows: [{ country: 'CD', network: 'A', prefixes: '1', price: '1' }, { country: 'CD', network: 'B', prefixes: '2,1', price: '1' }] })
      .catch((e) => e);
    expect(dup.cause.issues[0]).toMatchObject({ path: ['rows', 1, 'prefixes'], message: 'Prefix 1 is already priced in row 1.' });

    const cleared = await op.api.operator.setPrices({ organizationId: merchant.organizationId, defaultPrice: '', rows: [] });
    // No rows of its own: the platform price list (D13) prices it again.
    expect(cleared).toMatchObject({ source: 'platform', average_price: 0.0185, default_price: 0.01 });
    expect((await op.api.operator.getMerchant({ organizationId: merchant.organizationId })).prices).toEqual([]);
    const audit = (await auditFor(merchant.organizationId)).filter((a) => a.action === 'pricing.set');
    expect(audit).toHaveLength(2);
    expect(audit[0].details).toMatchObject({ default_price: { from: null, to: '0.0250' }, rows: ['CD:Vodacom:24381,24382:0.0200', 'CD:Orange:24384:0.0190'] });
  });
});

describe('postpaid credit line', () => {
  it('sets the postpaid wallet to the amount with adjustment rows; balance stays the ledger sum', async () => {
    const op = await operator();
    const merchant = await signedUpCaller(deps);
    const org = merchant.organizationId;
    expect(await op.api.operator.setCreditLine({ organizationId: org, amount: '500' })).toEqual({ postpaid: 500, adjustment: 500 });
    const [w] = await db.select().from(wallets).where(and(eq(wallets.organizationId, org), eq(wallets.type, 'SVC_POST_PAID')));
    await postLedgerEntry(db, { walletId: w.id, amount: money('-120.5'), entryType: 'charge', actor: 'api:app_x' });
    expect(await op.api.operator.setCreditLine({ organizationId: org, amount: '200' })).toEqual({ postpaid: 200, adjustment: -179.5 });
    expect(await op.api.operator.setCreditLine({ organizationId: org, amount: '200' })).toEqual({ postpaid: 200, adjustment: 0 });
    expect(await op.api.operator.setCreditLine({ organizationId: org, amount: '0' })).toEqual({ postpaid: 0, adjustment: -200 });
    const ledger = await db.select().from(walletLedger).where(eq(walletLedger.walletId, w.id));
    expect(ledger.map((l) => [l.entryType, l.amount, l.balanceAfter])).toEqual([
      ['adjustment', '500.0000', '500.0000'],
      ['charge', '-120.5000', '379.5000'],
      ['adjustment', '-179.5000', '200.0000'],
      ['adjustment', '-200.0000', '0.0000'],
    ]);
    expect(await merchant.api.wallets.overview()).toMatchObject({ postpaid: 0, prepaid: 0 }); // D13: the sign-up's empty prepaid wallet
    const audit = (await auditFor(w.id)).filter((a) => a.action === 'wallet.credit_line');
    expect(audit.map((a) => [a.details.from, a.details.to])).toEqual([
      ['0.0000', '500.0000'],
      ['379.5000', '200.0000'],
      ['200.0000', '200.0000'],
      ['200.0000', '0.0000'],
    ]);
    await refused(op.api.operator.setCreditLine({ organizationId: org, amount: '-5' }), 'BAD_REQUEST');
    await refused(op.api.operator.setCreditLine({ organizationId: 'org_doesnotexist', amount: '5' }), 'NOT_FOUND');
  });
});

describe('live top-up requests', () => {
  it('an operator confirms once (ledger row, balance) or rejects; double decisions conflict; audited', async () => {
    const op = await signedUpCaller(live, { operator: true });
    const merchant = await signedUpCaller(live);
    const a = await merchant.api.wallets.topUp({ wallet: 'prepaid', amount: '150', reference: 'WIRE-1' });
    const b = await merchant.api.wallets.topUp({ wallet: 'postpaid', amount: '40' });
    if (a.mode !== 'requested' || b.mode !== 'requested') throw new Error('expected requests');
    const pending = (await op.api.operator.listPendingTopUps()).requests.filter((r) => r.organization_id === merchant.organizationId);
    expect(pending.map((r) => [r.id, r.amount])).toEqual([[a.request.id, 150], [b.request.id, 40]]);

    const both = await Promise.allSettled([
      op.api.operator.decideTopUp({ requestId: a.request.id, decision: 'confirm' }),
      op.api.operator.decideTopUp({ requestId: a.request.id, decision: 'confirm' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    await refused(op.api.operator.decideTopUp({ requestId: a.request.id, decision: 'reject' }), 'CONFLICT', /already confirmed or rejected/);
    expect(await op.api.operator.decideTopUp({ requestId: b.request.id, decision: 'reject' })).toMatchObject({ state: 'rejected' });

    expect(await merchant.api.wallets.overview()).toMatchObject({ prepaid: 150, postpaid: null, balance: 150 });
    const ledger = await merchant.api.wallets.listLedger({ filter: {} });
    expect(ledger.entries.map((e) => [e.type, e.amount, e.balance_after, e.actor])).toEqual([['top_up', 150, 150, `user:${op.user.id}`]]);
    expect(ledger.entries[0].note).toContain(a.request.id);
    expect((await merchant.api.wallets.listTopUpRequests()).requests.map((r) => r.state)).toEqual(['rejected', 'confirmed']);
    expect((await auditFor(a.request.id)).map((x) => x.action)).toEqual(['top_up.request', 'top_up.confirm']);
    expect((await auditFor(b.request.id)).map((x) => x.action)).toEqual(['top_up.request', 'top_up.reject']);
    await refused(op.api.operator.decideTopUp({ requestId: 'tur_doesnotexist', decision: 'confirm' }), 'NOT_FOUND');
  });
});

describe('audit log', () => {
  it('lists every action newest first, per merchant or all, by cursor', async () => {
    const op = await operator();
    const merchant = await signedUpCaller(deps);
    const { app } = await merchant.api.keys.create({ name: 'Audited' });
    await merchant.api.wallets.topUp({ wallet: 'prepaid', amount: '2' });
    await op.api.operator.setKeyStatus({ appId: app.id, status: 'locked' });
    await op.api.operator.setCreditLine({ organizationId: merchant.organizationId, amount: '10' });
    const page1 = await op.api.operator.listAudit({ organizationId: merchant.organizationId, limit: 2 });
    expect(page1.entries.map((e) => e.action)).toEqual(['wallet.credit_line', 'key.set_status']);
    const page2 = await op.api.operator.listAudit({ organizationId: merchant.organizationId, limit: 2, cursor: page1.next_cursor! });
    expect(page2.entries.map((e) => e.action)).toEqual(['wallet.top_up', 'app.create']);
    expect(page2.next_cursor).toBeNull();
    expect(page1.entries[0]).toMatchObject({ actor: `user:${op.user.id}`, actor_email: op.user.email, organization_id: merchant.organizationId });
    expect((await op.api.operator.listAudit({ limit: 1 })).entries[0].action).toBe('wallet.credit_line');
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where details::text ~* 'sk_(test|live)_[0-9A-Za-z]{32}'`);
    expect(n).toBe(0);
  });
});
