import type { Db } from '@/db/client';
import type { ConnectorRow } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { ApiError } from '@/shared/errors/api-error';
import { rekeyWaiting } from './smpp/rekey';
import { auditableFields, createConnector, deleteRoute, getConnectorByName, setRoute, updateConnector, type ConnectorFields } from './connectors';

/**
 * The changes an operator makes to connectors and routes, from the CLI or the console: each one
 * transaction with its audit row (the password shows as `set`, never its value). Input is already
 * validated by the caller (CLI options or the zod contracts); these check what needs the database.
 */
export async function addConnector(
  db: Db,
  input: { name: string; fields: ConnectorFields; actor: string; secret: string },
): Promise<ConnectorRow> {
  const { name, actor } = input;
  const fields = { ...input.fields, kind: input.fields.kind ?? ('smpp' as const) };
  return db.transaction(async (tx) => {
    if (await getConnectorByName(tx, name)) throw new ApiError('CONNECTOR_EXISTS', { message: `a connector named ${name} already exists` });
    const created = await createConnector(tx, name, fields, input.secret);
    await recordAudit(tx, { actor, action: 'connector.create', targetType: 'connector', targetId: created.id, details: { name, ...auditableFields(fields) } });
    return created;
  });
}

/**
 * Changes the given fields (`enabled: false` stops its sessions; the running worker applies a change within 5 s). A new
 * receipt id format also applies to the parts and receipts still waiting for each other.
 */
export async function changeConnector(
  db: Db,
  input: { name: string; fields: ConnectorFields; actor: string; secret: string },
): Promise<ConnectorRow> {
  const { name, fields, actor } = input;
  return db.transaction(async (tx) => {
    const current = await getConnectorByName(tx, name, { lock: true });
    if (!current) throw new ApiError('NOT_FOUND', { message: `unknown connector ${name}` });
    const updated = await updateConnector(tx, current.id, fields, input.secret);
    if (fields.receiptIdFormat && fields.receiptIdFormat !== current.receiptIdFormat) await rekeyWaiting(tx, current.id, fields.receiptIdFormat, new Date());
    await recordAudit(tx, { actor, action: 'connector.update', targetType: 'connector', targetId: current.id, details: { name, changed: auditableFields(fields) } });
    return updated;
  });
}

/** Replaces the route of (prefix, organization or platform) with the named connectors, in failover order. */
export async function putRoute(
  db: Db,
  input: { prefix: string; organizationId: string | null; connectors: string[]; actor: string },
): Promise<string> {
  const { prefix, organizationId: org, connectors: names, actor } = input;
  return db.transaction(async (tx) => {
    if (org !== null && !(await getOrganization(tx, org))) throw new ApiError('NOT_FOUND', { message: `unknown organization ${org}` });
    const ids: string[] = [];
    for (const n of names) {
      const c = await getConnectorByName(tx, n);
      if (!c) throw new ApiError('NOT_FOUND', { message: `unknown connector ${n}` });
      ids.push(c.id);
    }
    const id = await setRoute(tx, prefix, org, ids);
    await recordAudit(tx, { actor, action: 'route.set', targetType: 'route', targetId: id, organizationId: org, details: { prefix, connectors: names } });
    return id;
  });
}

export async function removeRoute(db: Db, input: { prefix: string; organizationId: string | null; actor: string }): Promise<string> {
  const { prefix, organizationId: org, actor } = input;
  return db.transaction(async (tx) => {
    const deleted = await deleteRoute(tx, prefix, org);
    if (!deleted) throw new ApiError('NOT_FOUND', { message: `no route for prefix ${prefix}${org ? ` of ${org}` : ''}` });
    await recordAudit(tx, { actor, action: 'route.delete', targetType: 'route', targetId: deleted, organizationId: org, details: { prefix } });
    return deleted;
  });
}
