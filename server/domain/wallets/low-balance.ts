import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { destinationFor } from '@/server/domain/webhooks/destination';
import { recordDeliveries, type NewDelivery } from '@/server/domain/webhooks/emit-events';
import { newId } from '@/server/lib/ids';
import { money, toAmount, type Money } from '@/server/lib/money';

/** What the charge statement reports when it crosses the threshold (charge.ts): decimal text, and the currency. */
export type LowBalance = { balance: string; threshold: string; currency: string };

/**
 * Issue 44 (D10's additive event): `wallet.low_balance` posted to the `webhook_url` of every app of the organization
 * that has one, through the event -> delivery -> attempt machinery of D10/D16 (signed, retried, logged, replayable),
 * like D22's sender ID events (sender-ids/sender-id-events.ts). The envelope has no `message_id`:
 * `{event_id, event_type, timestamp, data: {balance, threshold, currency}}`, amounts as the API shows them. In the
 * charge's transaction, so a send that rolls back takes its alert with it. Returns how many events were written.
 */
export async function emitLowBalanceEvent(tx: DbOrTx, organizationId: string, low: LowBalance, now: Date): Promise<number> {
  const apps = await tx.execute<{ id: string; webhook_url: string | null; has_credentials: boolean }>(sql`
    select id, webhook_url, (webhook_username is not null) as has_credentials from gateway_apps
     where organization_id = ${organizationId} and nullif(webhook_url, '') is not null order by id`);
  if (!apps.length) return 0;
  const at = now.toISOString();
  const data = { balance: toAmount(low.balance), threshold: toAmount(low.threshold), currency: low.currency };
  const events = apps.map((a) => ({ id: randomUUID(), a: a.id }));
  await tx.execute(sql`
    insert into webhook_events (id, organization_id, app_id, message_id, dispatch_id, recipient_id, inbound_id, event_type, payload, created_at)
    select e.id, ${organizationId}, e.a, null, null, null, null, 'wallet.low_balance',
           jsonb_build_object('event_id', e.id, 'event_type', 'wallet.low_balance', 'timestamp', ${at}::text, 'data', ${JSON.stringify(data)}::jsonb),
           ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(id uuid, a text)`);
  const deliveries: NewDelivery[] = apps.flatMap((a, i) => {
    const dest = destinationFor({ callbackUrl: null, webhookUrl: a.webhook_url, hasCredentials: a.has_credentials });
    return dest ? [{ id: newId('whd'), e: events[i].id, o: organizationId, a: a.id, url: dest.url, b: dest.useBasicAuth }] : [];
  });
  await recordDeliveries(tx, deliveries, at);
  return events.length;
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
    select o.low_balance_threshold::text as threshold, sum(w.balance)::text as balance,
           (array_agg(w.currency order by w.type = 'SVC_POST_PAID'))[1] as currency
      from organizations o left join wallets w on w.organization_id = o.id
     where o.id = ${organizationId} and o.low_balance_threshold is not null
     group by o.id`);
  if (!r || r.balance === null || r.currency === null || !isBelowThreshold(r.balance, r.threshold)) return null;
  return { balance: toAmount(r.balance), threshold: toAmount(r.threshold!), currency: r.currency };
}
