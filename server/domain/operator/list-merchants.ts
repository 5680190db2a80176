import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, organizations, topUpRequests, wallets } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import type { MerchantSummary } from '@/shared/contracts/operator';
import { pastTimeKey, readTimeKey, takePage, timeKeyCursor } from '@/server/domain/pagination/keyset';
import { toAmount } from '@/server/lib/money';

export const MERCHANT_LIST_LIMIT = 200;

/** Timestamps from raw SQL arrive as strings or Dates depending on the driver's parsers. */
export function isoOf(v: string | Date): string {
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

/**
 * Organizations newest first with their balances and what waits for an operator; `search` matches name or id.
 * Pages of `limit` (at most MERCHANT_LIST_LIMIT) by keyset on (created_at, id): `next_cursor` continues after the last
 * row, null at the end; a cursor that is not one is refused (badCursor).
 */
export async function listMerchants(
  db: DbOrTx,
  opts: { search?: string; limit?: number; cursor?: string } = {},
): Promise<{ merchants: MerchantSummary[]; next_cursor: string | null }> {
  const { search } = opts;
  const limit = Math.min(Math.max(opts.limit ?? MERCHANT_LIST_LIMIT, 1), MERCHANT_LIST_LIMIT);
  const after = opts.cursor ? pastTimeKey(of('o', organizations.createdAt), of('o', organizations.id), readTimeKey(opts.cursor)) : sql`true`;
  const term = search?.trim() ? `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db.execute<{
    id: string;
    name: string;
    created_at: string | Date;
    cursor_ts: string;
    currency: string;
    prepaid: string | null;
    postpaid: string | null;
    apps: number;
    apps_pending: number;
    top_ups_pending: number;
  }>(sql`
    select ${of('o', organizations.id)}, ${of('o', organizations.name)}, ${of('o', organizations.createdAt)}, ${of('o', organizations.createdAt)}::text as cursor_ts,
           ${of('o', organizations.currency)},
           (select ${of('w', wallets.balance)} from ${wallets} w where ${of('w', wallets.organizationId)} = ${of('o', organizations.id)} and ${of('w', wallets.type)} = 'SVC_SMS') as prepaid,
           (select ${of('w', wallets.balance)} from ${wallets} w
             where ${of('w', wallets.organizationId)} = ${of('o', organizations.id)} and ${of('w', wallets.type)} = 'SVC_POST_PAID') as postpaid,
           (select count(*)::int from ${gatewayApps} a where ${of('a', gatewayApps.organizationId)} = ${of('o', organizations.id)}) as apps,
           (select count(*)::int from ${gatewayApps} a
             where ${of('a', gatewayApps.organizationId)} = ${of('o', organizations.id)} and ${of('a', gatewayApps.status)} = 'pending_validation') as apps_pending,
           (select count(*)::int from ${topUpRequests} t
             where ${of('t', topUpRequests.organizationId)} = ${of('o', organizations.id)} and ${of('t', topUpRequests.state)} = 'pending') as top_ups_pending
      from ${organizations} o
     where (${term}::text is null or ${of('o', organizations.name)} ilike ${term} or ${of('o', organizations.id)} = ${search?.trim() ?? ''})
       and ${after}
     order by ${of('o', organizations.createdAt)} desc, ${of('o', organizations.id)} desc
     limit ${limit + 1}`);
  const { shown, last, more } = takePage(rows, limit);
  const next_cursor = more && last ? timeKeyCursor(last.cursor_ts, last.id) : null;
  const merchants = shown.map((r) => ({
    id: r.id,
    name: r.name,
    created_at: isoOf(r.created_at),
    currency: r.currency,
    prepaid: r.prepaid === null ? null : toAmount(r.prepaid),
    postpaid: r.postpaid === null ? null : toAmount(r.postpaid),
    apps: Number(r.apps),
    apps_pending: Number(r.apps_pending),
    top_ups_pending: Number(r.top_ups_pending),
  }));
  return { merchants, next_cursor };
}
