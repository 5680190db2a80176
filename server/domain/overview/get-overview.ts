import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, messages, walletLedger } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import { DELIVERY_RATE_DAYS, OVERVIEW_DAYS, type Overview, type OverviewDay } from '@/shared/contracts/overview';
import { balanceBuys } from '@/server/domain/pricing/balance-buys';
import { toMessageStatus } from '@/server/domain/messages/get-status';
import { currencySymbol } from '@/server/domain/pricing/currency';
import { effectivePriceRows } from '@/server/domain/pricing/effective-rows';
import { getBalance } from '@/server/domain/wallets/get-balance';
import { listWallets } from '@/server/domain/wallets/list-wallets';
import { ApiError } from '@/shared/errors/api-error';
import { money, toAmount } from '@/server/lib/money';
import { addDays, lastLocalDays, startOfLocalDay } from './local-days';

type Org = { id: string; timezone: string; defaultPrice: string | null; currency: string };

/**
 * The overview of an organization at `now`, every day a local day of its
 * timezone: the balance (GET /balance's computation) and what it buys (balanceBuys,
 * as the Wallet and the Calculator show it), and per day of the last
 * 30 the sends created that day, their SMS and their cost net of cancellations
 * and refunds, and their delivered / failed counters. Today is the last day;
 * the delivery rate sums the last 7. `in_progress`: the send of those days
 * whose counters move next, if any (the page refreshes while there is one).
 */
export async function getOverview(db: DbOrTx, org: Org, now: Date): Promise<Overview> {
  const dates = lastLocalDays(now, org.timezone, OVERVIEW_DAYS);
  const start = startOfLocalDay(dates[0], org.timezone);
  const end = startOfLocalDay(addDays(dates[dates.length - 1], 1), org.timezone);
  const day = sql`to_char((${messages.createdAt} at time zone ${org.timezone})::date, 'YYYY-MM-DD')`;

  const [perDay, refunds, [{ apps }], [anySend], [moving], balance, pricing] = await Promise.all([
    db.execute<{ day: string; sends: number; sms: number; cost: string; delivered: number; failed: number }>(sql`
      select ${day} as day, count(*)::int as sends,
             sum(${messages.totalMessages} - ${messages.cancelled} * ${messages.segments})::int as sms,
             sum(${messages.totalCost})::text as cost,
             sum(${messages.delivered})::int as delivered, sum(${messages.failed})::int as failed
        from ${messages}
       where ${messages.organizationId} = ${org.id}
         and ${messages.createdAt} >= ${start.toISOString()}::timestamptz and ${messages.createdAt} < ${end.toISOString()}::timestamptz
       group by 1`),
    db.execute<{ day: string; refunded: string }>(sql`
      select ${day} as day, sum(${of('l', walletLedger.amount)})::text as refunded
        from ${walletLedger} l join ${messages} on ${messages.id} = ${of('l', walletLedger.messageId)}
       where ${of('l', walletLedger.organizationId)} = ${org.id} and ${of('l', walletLedger.entryType)} = 'refund' and ${messages.organizationId} = ${org.id}
         and ${messages.createdAt} >= ${start.toISOString()}::timestamptz and ${messages.createdAt} < ${end.toISOString()}::timestamptz
       group by 1`),
    db.select({ apps: count() }).from(gatewayApps).where(eq(gatewayApps.organizationId, org.id)),
    db.select({ id: messages.id }).from(messages).where(and(eq(messages.organizationId, org.id))).limit(1),
    db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.organizationId, org.id),
          gte(messages.createdAt, start),
          lt(messages.createdAt, end),
          sql`${messages.totalRecipients} * ${messages.dispatchesTotal} - ${messages.delivered} - ${messages.failed} - ${messages.cancelled} > 0`,
        ),
      )
      .orderBy(sql`${messages.controlState} = 'active' desc, ${messages.pickedUp} > 0 desc, ${messages.nextDispatchAt} asc nulls first`)
      .limit(1),
    balanceOf(db, org),
    effectivePriceRows(db, org.id),
  ]);

  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const refundByDay = new Map(refunds.map((r) => [r.day, r.refunded]));
  const days: OverviewDay[] = dates.map((date) => {
    const r = byDay.get(date);
    return {
      date,
      sends: r?.sends ?? 0,
      sms: r?.sms ?? 0,
      spend: toAmount(money(r?.cost ?? 0).minus(refundByDay.get(date) ?? 0)),
      delivered: r?.delivered ?? 0,
      failed: r?.failed ?? 0,
    };
  });
  const recent = days.slice(-DELIVERY_RATE_DAYS);
  const delivered = recent.reduce((s, d) => s + d.delivered, 0);
  const failed = recent.reduce((s, d) => s + d.failed, 0);
  return {
    timezone: org.timezone,
    currency: balance?.currency ?? org.currency,
    currency_symbol: currencySymbol(balance?.currency ?? org.currency),
    balance: balance
      ? {
          prepaid: balance.wallets.SVC_SMS ? balance.sms_wallet_balance : null,
          postpaid: balance.wallets.SVC_POST_PAID ? balance.postpaid_wallet_balance : null,
          total: balance.balance,
          default_price: balance.unit_price,
          buys: balanceBuys(balance.balance, pricing, org.defaultPrice),
        }
      : null,
    has_app: apps > 0,
    has_sends: anySend !== undefined,
    today: days[days.length - 1],
    delivery_rate: { days: DELIVERY_RATE_DAYS, delivered, failed, rate: delivered + failed > 0 ? delivered / (delivered + failed) : null },
    in_progress: moving ? pickProgress(toMessageStatus(moving)) : null,
    days,
  };
}

const pickProgress = ({ status, pending, next_dispatch_at }: ReturnType<typeof toMessageStatus>) => ({ status, pending, next_dispatch_at });

/** GET /balance's figures and which wallets exist (as the wallet page reads them), or null while there is none. */
async function balanceOf(db: DbOrTx, org: Org) {
  try {
    const [b, wallets] = await Promise.all([getBalance(db, org), listWallets(db, org.id)]);
    return { ...b, wallets };
  } catch (e) {
    if (e instanceof ApiError && e.errorName === 'WALLET_NOT_FOUND') return null;
    throw e;
  }
}
