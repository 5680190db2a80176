import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { memberships, organizations, users, type Role } from '@/db/schema';
import type { Deps } from '@/server/api/trpc';
import { createApp } from '@/server/domain/keys/create-app';
import { replacePrices } from '@/server/domain/pricing/set-prices';
import { topUpWallet } from '@/server/domain/wallets/top-up';
import { updateWebhook } from '@/server/domain/keys/update-webhook';
import type { SessionUser } from '@/server/domain/users/accounts';
import { money } from '@/server/lib/money';
import { newId } from '@/server/lib/ids';
import { callerAs, signedUpCaller } from '../dashboard-helpers';
import { DRC_PRICES } from '../helpers';

/**
 * A signed-up merchant ready to send from the dashboard: an app (created with
 * the keys domain function), DRC prices, and optionally money and a webhook.
 */
export async function readyMerchant(
  deps: Deps,
  opts: { prepaid?: string; postpaid?: string; webhookUrl?: string; timezone?: string; prices?: boolean } = {},
) {
  const owner = await signedUpCaller(deps);
  const { organizationId } = owner;
  const created = await createApp(deps.db, { organizationId, name: 'Shop', environment: deps.env.SMS_ENV, secret: deps.env.APP_SECRET!, actor: 'test' });
  if (opts.prices !== false) await replacePrices(deps.db, organizationId, DRC_PRICES);
  for (const [type, amount] of [['SVC_SMS', opts.prepaid], ['SVC_POST_PAID', opts.postpaid]] as const) {
    if (amount !== undefined) await topUpWallet(deps.db, { organizationId, type, currency: 'USD', amount: money(amount), actor: 'test' });
  }
  if (opts.webhookUrl) {
    await updateWebhook(deps.db, {
      appId: created.app.id, url: opts.webhookUrl, username: '', passwordAction: 'clear',
      organizationId, environment: deps.env.SMS_ENV, secret: deps.env.APP_SECRET!, actor: 'test', role: 'owner',
    });
  }
  if (opts.timezone) await deps.db.update(organizations).set({ timezone: opts.timezone }).where(eq(organizations.id, organizationId));
  return { ...owner, appId: created.app.id, apiKey: created.api_key };
}

/** Another user of the same organization with `role`, and a caller acting as them. */
export async function memberOf(deps: Deps, organizationId: string, role: Role) {
  const tag = randomBytes(4).toString('hex');
  const user: SessionUser = { id: newId('usr'), email: `m-${tag}@example.com`, name: `Member ${tag}`, isOperator: false };
  await deps.db.insert(users).values({ id: user.id, email: user.email, name: user.name, passwordHash: 'x' });
  await deps.db.insert(memberships).values({ userId: user.id, organizationId, role });
  return callerAs(deps, user);
}

/** Every wallet's balance, after checking it equals the sum of its ledger rows (D2). */
export async function walletBalances(deps: Deps, organizationId: string): Promise<Record<string, string>> {
  const rows = await deps.db.execute<{ type: string; balance: string; ledger: string }>(sql`
    select w.type, w.balance, (select coalesce(sum(amount), 0) from wallet_ledger l where l.wallet_id = w.id)::numeric(18,4)::text as ledger
      from wallets w where organization_id = ${organizationId} order by type`);
  for (const r of rows) if (r.balance !== r.ledger) throw new Error(`wallet ${r.type}: balance ${r.balance} != ledger ${r.ledger}`);
  return Object.fromEntries(rows.map((r) => [r.type, r.balance]));
}

/** Makes every queued job due now (time passing, for the queue). */
export async function allJobsDue(deps: Deps): Promise<void> {
  // graphile-worker's public API (reschedule_jobs over the jobs view), not its private tables.
  await deps.db.execute(sql`select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where locked_at is null), run_at := now())`);
}

/** The error a caller's promise rejects with, for inspecting code, message and field errors. */
export async function rejection(p: Promise<unknown>): Promise<{ code: string; message: string; fieldErrors: Array<{ field: string; message: string }> }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: string; message: string; cause?: { options?: { errors?: Array<{ field: string; message: string }> } } };
    return { code: err.code ?? '', message: err.message, fieldErrors: err.cause?.options?.errors ?? [] };
  }
  throw new Error('expected the call to fail');
}
