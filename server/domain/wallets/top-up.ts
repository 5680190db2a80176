import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { wallets, type WalletType } from '@/db/schema';
import { newId } from '@/server/lib/ids';
import type { Money } from '@/server/lib/money';
import { postLedgerEntry } from './ledger';

export const WALLET_BY_FLAG = { prepaid: 'SVC_SMS', postpaid: 'SVC_POST_PAID' } as const satisfies Record<string, WalletType>;

/** Opens the wallet if the organization has none of this type yet (balance 0, no ledger row). */
export async function ensureWallet(db: DbOrTx, organizationId: string, type: WalletType, currency: string): Promise<string> {
  const [existing] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.organizationId, organizationId), eq(wallets.type, type)));
  if (existing) return existing.id;
  const id = newId('wal');
  await db.insert(wallets).values({ id, organizationId, type, currency, balance: '0' }).onConflictDoNothing();
  const [row] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.organizationId, organizationId), eq(wallets.type, type)));
  return row.id;
}

/** Credits a wallet (opening it if needed) with a ledger row; amount 0 opens it without moving money. */
export async function topUpWallet(
  db: DbOrTx,
  input: { organizationId: string; type: WalletType; currency: string; amount: Money; actor: string; note?: string },
): Promise<{ walletId: string; balance: string }> {
  const walletId = await ensureWallet(db, input.organizationId, input.type, input.currency);
  if (input.amount.isZero()) {
    const [w] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, walletId));
    return { walletId, balance: w.balance };
  }
  const balance = await postLedgerEntry(db, {
    walletId,
    amount: input.amount,
    entryType: 'top_up',
    actor: input.actor,
    note: input.note ?? null,
  });
  if (balance === null) throw new Error('top-up refused: the wallet would go below zero');
  return { walletId, balance };
}
