import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { connectorLeases, connectors, organizations, routes } from '@/db/schema';
import type { ConnectorDetail, ConnectorsOverview } from '@/shared/contracts/connectors';
import { unmatchedReceipts } from './smpp/unmatched-receipts';

/**
 * Every connector with its settings (never the password: only whether one is stored), the live state of its
 * sessions from the owner's lease while it is current and its unmatched receipts of the last 24 hours; and the
 * routes with connector names.
 */
export async function listConnectorDetails(db: DbOrTx): Promise<ConnectorsOverview> {
  const rows = await db
    .select({ c: connectors, owner: connectorLeases.owner, states: connectorLeases.sessions, live: sql<boolean>`${connectorLeases.expiresAt} > now()` })
    .from(connectors)
    .leftJoin(connectorLeases, eq(connectorLeases.connectorId, connectors.id))
    .orderBy(asc(connectors.name));
  const names = new Map(rows.map((r) => [r.c.id, r.c.name]));
  const unmatched = new Map((await unmatchedReceipts(db)).map((u) => [u.connector_id, u.n]));
  const routeRows = await db
    .select({ r: routes, orgName: organizations.name })
    .from(routes)
    .leftJoin(organizations, eq(organizations.id, routes.organizationId))
    .orderBy(asc(routes.prefix), asc(routes.organizationId));
  return {
    connectors: rows.map(({ c, owner, states, live }): ConnectorDetail => ({
      id: c.id, name: c.name, kind: c.kind, enabled: c.enabled, host: c.host, port: c.port, tls: c.tls,
      system_id: c.systemId, password_set: c.passwordEnc !== null, system_type: c.systemType, bind_mode: c.bindMode,
      sessions: c.sessions, window: c.window, tps: c.tps, source_ton: c.sourceTon, source_npi: c.sourceNpi,
      dest_ton: c.destTon, dest_npi: c.destNpi, gsm_coding: c.gsmCoding, long_method: c.longMethod, receipt_id_format: c.receiptIdFormat,
      validity_s: c.validityS, enquire_link_s: c.enquireLinkS,
      owner: live ? owner : null,
      session_states: live && states ? states : [],
      unmatched_receipts: unmatched.get(c.id) ?? 0,
    })),
    routes: routeRows.map(({ r, orgName }) => ({
      id: r.id,
      prefix: r.prefix,
      organization_id: r.organizationId || null,
      organization_name: r.organizationId ? orgName : null,
      connectors: r.connectorIds.map((id) => names.get(id) ?? id),
    })),
  };
}
