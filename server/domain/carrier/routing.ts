import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

/** A recipient of the dispatch with no carrier yet, and the SMPP connector its route hands it to (null: the simulator). */
export type RoutedRecipient = { id: number; phone: string; network: string | null; connector: string | null };

/**
 * D14 routing, one statement, for the recipients of a dispatch that no carrier holds yet (`handed_to` null, pending
 * or processing): each one whose number matches a route (longest prefix; an organization's route beats a platform
 * route of the same length) with at least one SMPP connector goes to `carrier_outbox`, for the owner of its first
 * connector (the insert wakes that owner at commit: migration 0022's trigger). Everything else stays with the
 * simulator: no route, a route of simulator connectors only, and in the sandbox the D11 magic numbers. Answers every
 * such recipient with its phone, its pricing row's network and the name of its connector, so the caller labels and
 * moves them. A recipient is the outbox key: a retried step adds nothing twice.
 */
export async function routeToConnectors(tx: DbOrTx, dispatchId: string, opts: { sandbox: boolean }): Promise<RoutedRecipient[]> {
  const rows = await tx.execute<{ id: number; phone: string; network: string | null; connector: string | null }>(sql`
    with cand as (
      -- (the organization by key, once: joined to messages, the planner that expects hundreds of recipients per
      -- dispatch hashed the whole messages table for a single-recipient dispatch)
      select r.id, r.dispatch_id, r.phone, r.pricing_row_id, ltrim(r.phone, '+') as digits,
             (select m.organization_id from message_dispatches d join messages m on m.id = d.message_id where d.id = ${dispatchId}) as organization_id
        from message_recipients r
       where r.dispatch_id = ${dispatchId} and r.state in ('pending', 'processing') and r.handed_to is null
    ), routed as (
      select cand.id, cand.dispatch_id, x.route
        from cand cross join lateral (
          select array(select u.cid from unnest(rt.connector_ids) with ordinality as u(cid, ord)
                         join connectors k on k.id = u.cid and k.kind = 'smpp' order by u.ord) as route
            from routes rt
           where starts_with(cand.digits, rt.prefix) and rt.organization_id in ('', cand.organization_id)
           order by length(rt.prefix) desc, (rt.organization_id <> '') desc
           limit 1) x
       where not (${opts.sandbox} and right(cand.phone, 4) in ('1111', '2222', '3333'))
         -- uncorrelated, so evaluated once: with no route at all (the simulator alone) Postgres skips the
         -- per-recipient LATERAL (about 6 ms of a 1,000-recipient dispatch)
         and exists (select 1 from routes)
         and cardinality(x.route) > 0
    ), added as (
      insert into carrier_outbox (recipient_id, dispatch_id, route, connector_id, expires_at)
      select routed.id, routed.dispatch_id, routed.route, routed.route[1], now() + make_interval(secs => k.validity_s)
        from routed join connectors k on k.id = routed.route[1]
      on conflict (recipient_id) do nothing
      returning recipient_id, connector_id
    )
    select cand.id, cand.phone, pr.network, k.name as connector
      from cand left join pricing_rows pr on pr.id = cand.pricing_row_id
      left join added on added.recipient_id = cand.id left join connectors k on k.id = added.connector_id
     order by cand.id`);
  return rows.map((r) => ({ id: Number(r.id), phone: r.phone, network: r.network, connector: r.connector }));
}
