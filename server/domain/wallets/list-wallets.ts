import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { wallets, type WalletType } from '@/db/schema';

export type WalletRef = { id: string; balance: string; currency: string };

/** The organization's wallets by type (absent types are missing). */
export async function listWallets(db: DbOrTx, organizationId: string): Promise<Partial<Record<WalletType, WalletRef>>> {
  const rows = await db
    .select({ id: wallets.id, type: wallets.type, balance: wallets.balance, currency: wallets.currency })
    .from(wallets)
    .where(eq(wallets.organizationId, organizationId));
  return Object.fromEntries(rows.map((r) => [r.type, { id: r.id, balance: r.balance, currency: r.currency }]));
}
