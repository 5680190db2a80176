import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { organizations, wallets } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import { emitOrganizationEvent } from '@/server/domain/webhooks/organization-events';
import { money, toAmount, type Money } from '@/server/lib/money';

/** What the charge statement reports when it crosses the threshold (charge.ts): decimal text, and the currency. */
export type LowBalance = { balance: string; threshold: string; currency: string };

/**
 * Issue 44 (D10's additive event): `wallet.low_balance` posted to the `webhook_url` of every app of the organization
 * that has one (emitOrganizationEvent, as D22's sender ID events), with `data: {balance, threshold, currency}`, amounts
 * as the API shows them. In the charge's transaction, so a send that rolls back takes its alert with it. Returns how
 * many events were written.
 */
export function emitLowBalanceEvent(tx: DbOrTx, organizationId: string, low: LowBalance, now: Date): Promise<number> {
  const data = { balance: toAmount(low.balance), threshold: toAmount(low.threshold), currency: low.currency };
  return emitOrganizationEvent(tx, organizationId, 'wallet.low_balance', data, now);
}

/** Whether `balance` (what the organization can spend) is below its alert threshold: the dashboard's banner. */
export function isBelowThreshold(balance: Money | string, threshold: string | null): boolean {
  return threshold !== null && money(balance).lt(threshold);
}

/**
 * The dashboard's banner (every page): what the organization can spend and its threshold, when it is below it; null
 * when the alert is off, there is no wallet, or the balance is at the threshold or above.
 */
export async function lowBalanceNow(db: DbOrTx, organizationId: string): Promise<{ balance: number; threshold: number; currency: string } | null> {
  const [r] = await db.execute<{ threshold: string | null; balance: string | null; currency: string | null }>(sql`
    select ${of('o', organizations.lowBalanceThreshold)}::text as threshold, sum(${of('w', wallets.balance)})::text as balance,
           (array_agg(${of('w', wallets.currency)} order by ${of('w', wallets.type)} = 'SVC_POST_PAID'))[1] as currency
      from ${organizations} o left join ${wallets} w on ${of('w', wallets.organizationId)} = ${of('o', organizations.id)}
     where ${of('o', organizations.id)} = ${organizationId} and ${of('o', organizations.lowBalanceThreshold)} is not null
     group by ${of('o', organizations.id)}`);
  if (!r || r.balance === null || r.currency === null || !isBelowThreshold(r.balance, r.threshold)) return null;
  return { balance: toAmount(r.balance), threshold: toAmount(r.threshold!), currency: r.currency };
}
