import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

/**
 * D14 routing, one statement: every `processing` recipient of the dispatch whose number matches a route
 * (longest prefix; an organization's route beats a platform route of the same length) with at least one SMPP
 * connector goes to `carrier_outbox`, for the owner of its first connector. Everything else stays with the
 * simulator: no route, a route of simulator connectors only, and in the sandbox the D11 magic numbers.
 * A retried job adds nothing twice (the recipient is the outbox key). With no route at all it reads no recipient.
 */
export async function routeToConnectors(tx: DbOrTx, dispatchId: string, opts: { sandbox: boolean }): Promise<number> {
  const rows = await tx.execute<{ recipient_id: number }>(sql`
    with cand as (
      select r.id, r.dispatch_id, m.organization_id, ltrim(r.phone, '+') as digits
        from message_recipients r join messages m on m.id = r.message_id
       where r.dispatch_id = ${dispatchId} and r.state = 'processing'
         and not (${opts.sandbox} and right(r.phone, 4) in ('1111', '2222', '3333'))
         -- uncorrelated, so evaluated once: with no route at all (the simulator alone) Postgres skips the scan and
         -- the per-recipient LATERAL below (about 6 ms of a 1,000-recipient dispatch)
         and exists (select 1 from routes)
    ), routed as (
      select cand.id, cand.dispatch_id, x.route
        from cand cross join lateral (
          select array(select u.cid from unnest(rt.connector_ids) with ordinality as u(cid, ord)
                         join connectors k on k.id = u.cid and k.kind = 'smpp' order by u.ord) as route
            from routes rt
           where starts_with(cand.digits, rt.prefix) and rt.organization_id in ('', cand.organization_id)
           order by length(rt.prefix) desc, (rt.organization_id <> '') desc
           limit 1) x
       where cardinality(x.route) > 0
    )
    insert into carrier_outbox (recipient_id, dispatch_id, route, connector_id, expires_at)
    select routed.id, routed.dispatch_id, routed.route, routed.route[1], now() + make_interval(secs => k.validity_s)
      from routed join connectors k on k.id = routed.route[1]
    on conflict (recipient_id) do nothing
    returning recipient_id`);
  return rows.length;
}
