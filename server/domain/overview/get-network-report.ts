import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageRecipients as r, messages as m, platformPriceRows, pricingRows } from '@/db/schema';
import type { NetworkReport, NetworkReportRow } from '@/shared/contracts/overview';
import { toAmount } from '@/server/lib/money';
import { of } from '@/server/lib/sql-names';
import { addDays, lastLocalDays, startOfLocalDay } from './local-days';

type Org = { id: string; timezone: string; currency: string };

/**
 * The Overview's per-network report (D13): of the sends created in the last `days` local days of the organization's
 * timezone (today included), each network's recipients, every dispatch counted, by the price row that priced them
 * (`pricing_row_id`: the organization's rows or the platform list; null, the default price). One statement: the
 * sends through `messages_org_created_idx` (organization first), their recipients through
 * `message_recipients_message_id_idx`. A recipient is `sent` once a carrier accepted it (`sent_at` is set by that
 * move and only by it); `not_sent` are the failed ones no carrier accepted, which D20 refunded; `spend` is price x the
 * send's segments for every recipient neither cancelled (D6 refunded it) nor refunded by D20, that is exactly what the
 * recipient was charged and not given back.
 */
export async function getNetworkReport(db: DbOrTx, org: Org, now: Date, days: number): Promise<NetworkReport> {
  const dates = lastLocalDays(now, org.timezone, days);
  const start = startOfLocalDay(dates[0], org.timezone);
  const end = startOfLocalDay(addDays(dates[dates.length - 1], 1), org.timezone);
  const notSent = sql`(${r.state} = 'failed' and ${r.sentAt} is null)`;
  const rows = await db.execute<{
    is_default: boolean; country: string | null; network: string | null;
    sent: number; delivered: number; failed: number; not_sent: number; spend: string;
  }>(sql`
    select ${r.pricingRowId} is null as is_default,
           coalesce(${of('pr', pricingRows.country)}, ${of('pp', platformPriceRows.country)}) as country,
           coalesce(${of('pr', pricingRows.network)}, ${of('pp', platformPriceRows.network)}) as network,
           count(*) filter (where ${r.sentAt} is not null)::int as sent,
           count(*) filter (where ${r.state} = 'delivered')::int as delivered,
           count(*) filter (where ${r.state} = 'failed')::int as failed,
           count(*) filter (where ${notSent})::int as not_sent,
           coalesce(sum(${r.price} * ${m.segments}) filter (where ${r.state} <> 'cancelled' and not ${notSent}), 0)::text as spend
      from ${m}
      join ${r} on ${r.messageId} = ${m.id}
      left join ${pricingRows} pr on ${of('pr', pricingRows.id)} = ${r.pricingRowId} and ${of('pr', pricingRows.organizationId)} = ${m.organizationId}
      left join ${platformPriceRows} pp on ${of('pp', platformPriceRows.id)} = ${r.pricingRowId}
     where ${m.organizationId} = ${org.id}
       and ${m.createdAt} >= ${start.toISOString()}::timestamptz and ${m.createdAt} < ${end.toISOString()}::timestamptz
     group by 1, 2, 3`);

  const networks: NetworkReportRow[] = rows.map((x) => ({
    country: x.country,
    network: x.network,
    default_price: x.is_default,
    sent: x.sent,
    delivered: x.delivered,
    failed: x.failed,
    not_sent: x.not_sent,
    rate: x.delivered + x.failed > 0 ? x.delivered / (x.delivered + x.failed) : null,
    spend: toAmount(x.spend),
  }));
  networks.sort((a, b) => Number(a.default_price) - Number(b.default_price) || b.spend - a.spend || (a.network ?? '').localeCompare(b.network ?? ''));
  return { days, from: dates[0], to: dates[dates.length - 1], timezone: org.timezone, currency: org.currency, networks };
}
