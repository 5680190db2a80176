import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { connectors, routes, type ConnectorRow, type SessionState } from '@/db/schema';
import { encryptSecret } from '@/server/lib/crypto';
import { newId } from '@/server/lib/ids';
import { listConnectorDetails } from './list-connector-details';

/** The settable fields of a connector record (D14); the password is plain here and encrypted on write. */
export type ConnectorFields = Partial<
  Pick<
    ConnectorRow,
    | 'kind' | 'enabled' | 'host' | 'port' | 'tls' | 'systemId' | 'systemType' | 'bindMode' | 'sessions' | 'window' | 'tps'
    | 'sourceTon' | 'sourceNpi' | 'destTon' | 'destNpi' | 'gsmCoding' | 'longMethod' | 'receiptIdFormat' | 'validityS' | 'enquireLinkS'
  > & { password: string }
>;

/** What the audit log may hold: every field except the password, which shows as `set`. */
export function auditableFields(f: ConnectorFields): Record<string, unknown> {
  const { password, ...rest } = f;
  return password === undefined ? rest : { ...rest, password: 'set' };
}

function toColumns(f: ConnectorFields, secret: string) {
  const { password, ...rest } = f;
  return password === undefined ? rest : { ...rest, passwordEnc: encryptSecret(secret, password) };
}

export async function getConnectorByName(db: DbOrTx, name: string, opts: { lock?: boolean } = {}): Promise<ConnectorRow | null> {
  const q = db.select().from(connectors).where(eq(connectors.name, name));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function createConnector(db: DbOrTx, name: string, f: ConnectorFields & { kind: ConnectorRow['kind'] }, secret: string): Promise<ConnectorRow> {
  const [row] = await db.insert(connectors).values({ ...toColumns(f, secret), id: newId('con'), name, kind: f.kind }).returning();
  return row;
}

export async function updateConnector(db: DbOrTx, id: string, f: ConnectorFields, secret: string): Promise<ConnectorRow> {
  const [row] = await db.update(connectors).set({ ...toColumns(f, secret), updatedAt: sql`now()` }).where(eq(connectors.id, id)).returning();
  return row;
}

/** Replaces the route of (prefix, organization): one row, its connectors in order. */
export async function setRoute(db: DbOrTx, prefix: string, organizationId: string | null, connectorIds: string[]): Promise<string> {
  const [row] = await db
    .insert(routes)
    .values({ id: newId('rte'), prefix, organizationId: organizationId ?? '', connectorIds })
    .onConflictDoUpdate({ target: [routes.prefix, routes.organizationId], set: { connectorIds, updatedAt: sql`now()` } })
    .returning({ id: routes.id });
  return row.id;
}

export async function deleteRoute(db: DbOrTx, prefix: string, organizationId: string | null): Promise<string | null> {
  const [row] = await db
    .delete(routes)
    .where(and(eq(routes.prefix, prefix), eq(routes.organizationId, organizationId ?? '')))
    .returning({ id: routes.id });
  return row?.id ?? null;
}

export type ConnectorView = {
  name: string;
  kind: string;
  enabled: boolean;
  host: string;
  port: number;
  owner: string | null;
  sessions: SessionState[];
};
export type RouteView = { prefix: string; organization_id: string | null; connectors: string[] };

/** The CLI's view of listConnectorDetails: connectors with the live state of their sessions, and routes. */
export async function listConnectors(db: DbOrTx): Promise<{ connectors: ConnectorView[]; routes: RouteView[] }> {
  const all = await listConnectorDetails(db);
  return {
    connectors: all.connectors.map((c) => ({ name: c.name, kind: c.kind, enabled: c.enabled, host: c.host, port: c.port, owner: c.owner, sessions: c.session_states })),
    routes: all.routes.map((r) => ({ prefix: r.prefix, organization_id: r.organization_id, connectors: r.connectors })),
  };
}
