import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { organizations, walletLedger, wallets, type WalletType } from '@/db/schema';
import { ApiError } from '@/shared/errors/api-error';
import { executeFixed, fixedSql } from '@/server/lib/fixed-sql';
import { money, toDbAmount, type Money } from '@/server/lib/money';
import { name, of } from '@/server/lib/sql-names';
import { emitLowBalanceEvent, type LowBalance } from './low-balance';

export type ChargePart = { walletId: string; type: WalletType; amount: string };

/**
 * Charges `total` to an organization inside the caller's transaction (D2), in
 * ONE statement, so a send can pipeline it with its other writes: locks the
 * organization's wallets, takes what the prepaid wallet holds first and the
 * rest from the postpaid wallet, one ledger row per wallet drawn from (with
 * the balance after it). If both together cannot cover it: 1202 and nothing
 * is written (the caller's transaction rolls back the rest). Concurrent
 * charges serialize on the wallet locks; the balance check constraint stays
 * the last guard against an overdraft. A charge that crosses the organization's low-balance threshold also writes
 * `wallet.low_balance` (one more statement, only then).
 */
export async function chargeWallets(
  tx: DbOrTx,
  input: { organizationId: string; total: Money; messageId: string; actor: string },
): Promise<ChargePart[]> {
  if (input.total.isZero()) return [];
  const total = toDbAmount(input.total);
  const [r] = await executeFixed<{ prepaid: string; postpaid: string; covered: boolean; parts: ChargePart[]; low_balance: LowBalance | null }>(
    tx,
    chargeStatement({ organizationId: input.organizationId, total, messageId: input.messageId, actor: input.actor }),
  );
  if (!r.covered) {
    throw new ApiError('INSUFFICIENT_BALANCE', {
      message: `Insufficient balance: this send costs ${total} and the wallets hold ${toDbAmount(money(r.prepaid).plus(r.postpaid))}.`,
    });
  }
  if (r.low_balance) await emitLowBalanceEvent(tx, input.organizationId, r.low_balance, new Date());
  return r.parts.map((part) => ({ ...part, amount: toDbAmount(money(part.amount)) }));
}

/**
 * The charge's one statement (chargeWallets), `total` as the database's decimal text. One row: `prepaid` and
 * `postpaid` (the balances before), `covered` (false: nothing was written), `parts` (the wallets drawn from) and
 * `low_balance`: non-null only when this charge takes what the organization can spend from at least its alert
 * threshold to below it (issue 44), with {balance, threshold, currency} as decimal text. The wallet locks make each
 * crossing seen by exactly one charge; a top-up or refund that lifts the balance back re-arms it by itself.
 * Also the bench's raw send (bench/lib/raw-db.ts), so the floor it measures charges the way a send does.
 */
export function chargeStatement(c: { organizationId: string; total: string; messageId: string; actor: string }): SQL {
  const threshold = of('o', organizations.lowBalanceThreshold);
  return fixedSql`
    with w as (
      select ${name(wallets.id)}, ${name(wallets.type)}, ${name(wallets.balance)}, ${name(wallets.currency)}
        from ${wallets} where ${wallets.organizationId} = ${c.organizationId} order by ${wallets.id} for update
    ), p as (
      select b.prepaid, b.postpaid, b.currency, least(b.prepaid, ${c.total}::numeric) as from_prepaid,
             ${c.total}::numeric - least(b.prepaid, ${c.total}::numeric) as from_postpaid
        from (select coalesce(sum(balance) filter (where type = 'SVC_SMS'), 0) as prepaid,
                     coalesce(sum(balance) filter (where type = 'SVC_POST_PAID'), 0) as postpaid,
                     (array_agg(currency order by type = 'SVC_POST_PAID'))[1] as currency
                from w) b
    ), draw as (
      select w.id, case w.type when 'SVC_SMS' then p.from_prepaid else p.from_postpaid end as amount
        from w, p
       where p.from_postpaid <= p.postpaid
         and case w.type when 'SVC_SMS' then p.from_prepaid else p.from_postpaid end > 0
    ), moved as (
      update ${wallets} x set ${name(wallets.balance)} = ${of('x', wallets.balance)} - d.amount, ${name(wallets.updatedAt)} = now()
        from draw d
       where ${of('x', wallets.id)} = d.id
      returning ${of('x', wallets.id)}, ${of('x', wallets.organizationId)}, ${of('x', wallets.type)}, ${of('x', wallets.balance)}, d.amount
    ), ledger as (
      insert into ${walletLedger} (${name(walletLedger.walletId)}, ${name(walletLedger.organizationId)}, ${name(walletLedger.entryType)}, ${name(walletLedger.amount)},
                                   ${name(walletLedger.balanceAfter)}, ${name(walletLedger.messageId)}, ${name(walletLedger.actor)})
      select m.id, m.organization_id, 'charge', -m.amount, m.balance, ${c.messageId}, ${c.actor}
        from moved m order by m.type = 'SVC_POST_PAID' -- the prepaid row first, as it is drawn first
    )
    select p.prepaid::text as prepaid, p.postpaid::text as postpaid, p.from_postpaid <= p.postpaid as covered,
           coalesce((select json_agg(json_build_object('walletId', m.id, 'type', m.type, 'amount', m.amount::text)
                                     order by m.type = 'SVC_POST_PAID') from moved m), '[]'::json) as parts,
           case when p.from_postpaid <= p.postpaid and ${threshold} is not null
                 and p.prepaid + p.postpaid >= ${threshold}
                 and p.prepaid + p.postpaid - ${c.total}::numeric < ${threshold}
                then json_build_object('balance', (p.prepaid + p.postpaid - ${c.total}::numeric)::text,
                                       'threshold', ${threshold}::text, 'currency', p.currency)
           end as low_balance
      from p, ${organizations} o where ${of('o', organizations.id)} = ${c.organizationId}`;
}
