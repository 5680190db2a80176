import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { walletLedger, wallets } from '@/db/schema';
import type { LedgerFilter, LedgerPage } from '@/shared/contracts/wallet-dashboard';
import { takePage } from '@/server/domain/pagination/keyset';
import { toAmount } from '@/server/lib/money';
import { FLAG_BY_WALLET } from './top-up-requests';
import { WALLET_BY_FLAG } from './top-up';

export type LedgerQuery = { organizationId: string; timezone: string; filter: LedgerFilter; cursor?: number; limit: number };

/**
 * One page of an organization's ledger, newest first, keyed by id (a cursor
 * is the last id seen, so pages never shift when new rows arrive). Dates are
 * whole days in the organization's time zone, both ends inclusive.
 */
export async function queryLedger(db: DbOrTx, q: LedgerQuery) {
  const where: SQL[] = [eq(walletLedger.organizationId, q.organizationId)];
  if (q.filter.wallet) where.push(eq(wallets.type, WALLET_BY_FLAG[q.filter.wallet]));
  if (q.filter.type) where.push(eq(walletLedger.entryType, q.filter.type));
  if (q.filter.from) where.push(sql`${walletLedger.createdAt} >= (${q.filter.from}::date)::timestamp at time zone ${q.timezone}`);
  if (q.filter.to) where.push(sql`${walletLedger.createdAt} < (${q.filter.to}::date + 1)::timestamp at time zone ${q.timezone}`);
  if (q.cursor) where.push(lt(walletLedger.id, q.cursor));
  const rows = await db
    .select({
      id: walletLedger.id,
      createdAt: walletLedger.createdAt,
      walletType: wallets.type,
      currency: wallets.currency,
      entryType: walletLedger.entryType,
      amount: walletLedger.amount,
      balanceAfter: walletLedger.balanceAfter,
      messageId: walletLedger.messageId,
      actor: walletLedger.actor,
      note: walletLedger.note,
    })
    .from(walletLedger)
    .innerJoin(wallets, eq(wallets.id, walletLedger.walletId))
    .where(and(...where))
    .orderBy(desc(walletLedger.id))
    .limit(q.limit + 1);
  const { shown, last, more } = takePage(rows, q.limit);
  return { rows: shown, nextCursor: more && last ? last.id : null };
}

export async function listLedger(db: DbOrTx, q: LedgerQuery): Promise<LedgerPage> {
  const { rows, nextCursor } = await queryLedger(db, q);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      wallet: FLAG_BY_WALLET[r.walletType],
      type: r.entryType,
      amount: toAmount(r.amount),
      balance_after: toAmount(r.balanceAfter),
      message_id: r.messageId,
      note: r.note,
      actor: r.actor,
    })),
    next_cursor: nextCursor,
  };
}
