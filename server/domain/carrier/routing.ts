import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { carrierOutbox as outbox, connectors, messageRecipients as recipients, routes } from '@/db/schema';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';
import { inBlocksOfDispatches, inDispatchBlocks } from '@/server/domain/delivery/recipient-blocks';
import type { Failure } from './connector';

/** What a recipient that no connector takes fails with (D14 amended: no route, no send). */
export const NO_ROUTE: Failure = { errorCode: 'NO_ROUTE', errorMessage: 'No carrier route for the number.', retryable: false };

/** A recipient of a dispatch and the connector its route hands it to (null: no route, D14 amended). */
export type RoutedRecipient = { id: number; dispatchId: string; phone: string; connector: string | null };

/**
 * What routing does beyond the operator's routes (D14): a connector for numbers that match no route (the sandbox's
 * fallback), and numbers that go to one connector whatever the routes say (the sandbox's magic suffixes). Data, built
 * by the driver whose rules they are (simulator/driver.ts); none in live.
 */
export type RoutingPolicy = { fallback: string | null; forced: { suffixes: readonly string[]; connector: string } | null };

export const ROUTES_ONLY: RoutingPolicy = { fallback: null, forced: null };

/**
 * A route `rt` that takes a number (its digits, without `+`) of an organization: its prefix starts them, it is the
 * platform's or that organization's, and it names at least one connector. The one rule routing and the send's check
 * both read (D14).
 */
function routeTakes(digits: SQL, organizationId: SQL): SQL {
  return sql`starts_with(${digits}, ${of('rt', routes.prefix)}) and ${of('rt', routes.organizationId)} in ('', ${organizationId})
             and cardinality(${of('rt', routes.connectorIds)}) > 0`;
}

/**
 * D14 routing, one statement, for the pending recipients of the dispatches being started: each one goes to
 * `carrier_outbox` for the first connector of its route (longest prefix; an organization's route beats a platform
 * route of the same length), or the policy's forced or fallback connector; the insert wakes that connector's owner
 * at commit (migration 0022's trigger). Answers every pending recipient with the name of its connector, null when
 * nothing takes it. A recipient is the outbox key: a retried step adds nothing twice.
 */
export async function routeToConnectors(tx: DbOrTx, dispatches: Array<{ id: string; organizationId: string; firstRecipientId: number | null }>, policy: RoutingPolicy, now: Date): Promise<RoutedRecipient[]> {
  if (!dispatches.length) return [];
  const at = now.toISOString();
  const forced = policy.forced;
  const rows = await tx.execute<{ id: number; dispatch_id: string; phone: string; connector: string | null }>(sql`
    with ds as (
      -- (each dispatch's organization given, not joined: joined to messages, the planner that expects hundreds of
      -- recipients per dispatch hashed the whole messages table for a single-recipient dispatch)
      select * from jsonb_to_recordset(${JSON.stringify(dispatches.map((d) => ({ id: d.id, o: d.organizationId, f: d.firstRecipientId })))}::jsonb) as ds(id text, o text, f bigint)
    ), cand as materialized (
      select ${of('r', recipients.id)}, ${of('r', recipients.dispatchId)}, ${of('r', recipients.phone)}, ltrim(${of('r', recipients.phone)}, '+') as digits,
             ds.o as organization_id
        from ds cross join lateral (select ${of('r', recipients.id)}, ${of('r', recipients.dispatchId)}, ${of('r', recipients.phone)} from ${recipients} r
                                     where ${of('r', recipients.dispatchId)} = ds.id and ${inDispatchBlocks(sql`${of('r', recipients.id)}`, sql`ds.f`)}
                                       and ${inBlocksOfDispatches(sql`${of('r', recipients.id)}`, dispatches.map((d) => d.firstRecipientId))}
                                       and ${of('r', recipients.state)} = 'pending' offset 0) r
    ), policy as (
      select (select ${connectors.id} from ${connectors} where ${connectors.name} = ${policy.fallback}) as fallback,
             (select ${connectors.id} from ${connectors} where ${connectors.name} = ${forced?.connector ?? null}) as forced
    ), routed as (
      select cand.id, cand.dispatch_id,
             case when right(cand.phone, 4) = any(${arrayLiteral([...(forced?.suffixes ?? [])])}::text[]) and policy.forced is not null
                  then array[policy.forced]
                  else coalesce(x.route, case when policy.fallback is not null then array[policy.fallback] end) end as route
        from cand cross join policy left join lateral (
          select ${of('rt', routes.connectorIds)} as route
            from ${routes} rt
           where ${routeTakes(sql`cand.digits`, sql`cand.organization_id`)}
             -- uncorrelated, so evaluated once: with no route at all Postgres skips the per-recipient lookup
             -- (about 6 ms of a 1,000-recipient dispatch)
             and exists (select 1 from ${routes})
           order by length(${of('rt', routes.prefix)}) desc, (${of('rt', routes.organizationId)} <> '') desc
           limit 1) x on true
    ), added as (
      insert into ${outbox} (${name(outbox.recipientId)}, ${name(outbox.dispatchId)}, ${name(outbox.route)}, ${name(outbox.connectorId)}, ${name(outbox.expiresAt)},
                             ${name(outbox.nextAt)}, ${name(outbox.assignedAt)})
      select routed.id, routed.dispatch_id, routed.route, routed.route[1], ${at}::timestamptz + make_interval(secs => ${of('k', connectors.validityS)}),
             ${at}::timestamptz, ${at}::timestamptz
        from routed join ${connectors} k on ${of('k', connectors.id)} = routed.route[1]
      on conflict (${name(outbox.recipientId)}) do nothing
      returning ${name(outbox.recipientId)}, ${name(outbox.connectorId)}
    )
    select cand.id, cand.dispatch_id, cand.phone, ${of('k', connectors.name)} as connector
      from cand left join added on added.recipient_id = cand.id left join ${connectors} k on ${of('k', connectors.id)} = added.connector_id
     order by cand.id`);
  return rows.map((r) => ({ id: Number(r.id), dispatchId: r.dispatch_id, phone: r.phone, connector: r.connector }));
}

/**
 * D14 amended, at the send (live): the numbers among `phones` that no route of the organization (or of the platform)
 * takes, in one statement: each is recorded failed NO_ROUTE at price 0 instead of being charged (send-message.ts).
 * The same routes routeToConnectors reads when the dispatch starts; routes changed in between fail there the same way.
 */
export async function unroutableAmong(db: DbOrTx, organizationId: string, phones: string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const rows = await db.execute<{ phone: string }>(sql`
    select p.phone from unnest(${arrayLiteral([...new Set(phones)])}::text[]) as p(phone)
     where not exists (select 1 from ${routes} rt
                        where ${routeTakes(sql`ltrim(p.phone, '+')`, sql`${organizationId}`)})`);
  return new Set(rows.map((r) => r.phone));
}
