import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { MerchantSummary } from '@/server/contracts/operator';
import { toAmount } from '@/server/lib/money';

export const MERCHANT_LIST_LIMIT = 200;

/** Timestamps from raw SQL arrive as strings or Dates depending on the driver's parsers. */
export function isoOf(v: string | Date): string {
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

/** The keyset of a page: the last row's creation time and id (newest first). */
function decodeCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return at && id && !Number.isNaN(Date.parse(at)) ? { at, id } : null;
}

/**
 * Organizations newest first with their balances and what waits for an operator; `search` matches name or id.
 * Pages of `limit` (at most MERCHANT_LIST_LIMIT) by keyset: `next_cursor` continues after the last row, null at the end.
 */
export async function listMerchants(
  db: DbOrTx,
  opts: { search?: string; limit?: number; cursor?: string } = {},
): Promise<{ merchants: MerchantSummary[]; next_cursor: string | null }> {
  const { search } = opts;
  const limit = Math.min(Math.max(opts.limit ?? MERCHANT_LIST_LIMIT, 1), MERCHANT_LIST_LIMIT);
  const after = decodeCursor(opts.cursor);
  const term = search?.trim() ? `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db.execute<{
    id: string;
    name: string;
    created_at: string | Date;
    currency: string;
    prepaid: string | null;
    postpaid: string | null;
    apps: number;
    apps_pending: number;
    top_ups_pending: number;
  }>(sql`
    select o.id, o.name, o.created_at, o.currency,
           (select w.balance from wallets w where w.organization_id = o.id and w.type = 'SVC_SMS') as prepaid,
           (select w.balance from wallets w where w.organization_id = o.id and w.type = 'SVC_POST_PAID') as postpaid,
           (select count(*)::int from gateway_apps a where a.organization_id = o.id) as apps,
           (select count(*)::int from gateway_apps a where a.organization_id = o.id and a.status = 'pending_validation') as apps_pending,
           (select count(*)::int from top_up_requests t where t.organization_id = o.id and t.state = 'pending') as top_ups_pending
      from organizations o
     where (${term}::text is null or o.name ilike ${term} or o.id = ${search?.trim() ?? ''})
       and (${after?.at ?? null}::timestamptz is null or (o.created_at, o.id) < (${after?.at ?? null}::timestamptz, ${after?.id ?? ''}))
     order by o.created_at desc, o.id desc
     limit ${limit + 1}`);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next_cursor = more && last ? Buffer.from(`${isoOf(last.created_at)}|${last.id}`).toString('base64url') : null;
  const merchants = page.map((r) => ({
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
