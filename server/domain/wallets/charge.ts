import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { WalletType } from '@/db/schema';
import { ApiError } from '@/server/errors/api-error';
import { money, toDbAmount, type Money } from '@/server/lib/money';
import { postLedgerEntry } from './ledger';

export type ChargePart = { walletId: string; type: WalletType; amount: string };

/**
 * Charges `total` to an organization inside the caller's transaction (D2):
 * locks its wallets, takes what the prepaid wallet holds first and the rest
 * from the postpaid wallet, one ledger row per wallet drawn from. If both
 * together cannot cover it: 1202 and nothing is written (the caller's
 * transaction rolls back). Concurrent charges serialize on the wallet locks.
 */
export async function chargeWallets(
  tx: DbOrTx,
  input: { organizationId: string; total: Money; messageId: string; actor: string },
): Promise<ChargePart[]> {
  if (input.total.isZero()) return [];
  const rows = await tx.execute<{ id: string; type: WalletType; balance: string }>(sql`
    select id, type, balance from wallets where organization_id = ${input.organizationId}
     order by id for update`);
  const prepaid = rows.find((r) => r.type === 'SVC_SMS');
  const postpaid = rows.find((r) => r.type === 'SVC_POST_PAID');
  const fromPrepaid = money(prepaid?.balance ?? 0).lt(input.total) ? money(prepaid?.balance ?? 0) : input.total;
  const fromPostpaid = input.total.minus(fromPrepaid);
  if (fromPostpaid.gt(postpaid?.balance ?? 0)) {
    throw new ApiError('INSUFFICIENT_BALANCE', {
      message: `Insufficient balance: this send costs ${toDbAmount(input.total)} and the wallets hold ${toDbAmount(money(prepaid?.balance ?? 0).plus(postpaid?.balance ?? 0))}.`,
    });
  }
  const parts: ChargePart[] = [];
  for (const [wallet, amount] of [
    [prepaid, fromPrepaid],
    [postpaid, fromPostpaid],
  ] as const) {
    if (!wallet || amount.isZero()) continue;
    const after = await postLedgerEntry(tx, {
      walletId: wallet.id,
      amount: amount.negated(),
      entryType: 'charge',
      actor: input.actor,
      messageId: input.messageId,
    });
    if (after === null) throw new Error('charge raced past the wallet lock'); // impossible while locked
    parts.push({ walletId: wallet.id, type: wallet.type, amount: toDbAmount(amount) });
  }
  return parts;
}
