import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps } from '@/db/schema';
import type { AppView } from '@/shared/contracts/keys';
import { displayUrl } from '@/server/domain/webhooks/destination';
import { ApiError } from '@/shared/errors/api-error';
import { maskKey } from './api-keys';

/**
 * The columns a dashboard or console view may read: never the key digest and
 * never the webhook password ciphertext (only whether one is stored).
 */
const VIEW_COLUMNS = {
  id: gatewayApps.id,
  organizationId: gatewayApps.organizationId,
  name: gatewayApps.name,
  environment: gatewayApps.environment,
  status: gatewayApps.status,
  keyPrefix: gatewayApps.keyPrefix,
  keyLast4: gatewayApps.keyLast4,
  keyCreatedAt: gatewayApps.keyCreatedAt,
  lastUsedAt: gatewayApps.lastUsedAt,
  webhookUrl: gatewayApps.webhookUrl,
  webhookUsername: gatewayApps.webhookUsername,
  passwordSet: sql<boolean>`(${gatewayApps.webhookPasswordEnc} is not null)`,
  smppSystemId: gatewayApps.smppSystemId,
  smppTps: gatewayApps.smppTps,
  inboundUrl: gatewayApps.inboundUrl,
  createdAt: gatewayApps.createdAt,
};

export type AppRow = {
  id: string;
  organizationId: string;
  name: string;
  environment: 'test' | 'live';
  status: AppView['status'];
  keyPrefix: string;
  keyLast4: string;
  keyCreatedAt: Date;
  lastUsedAt: Date | null;
  webhookUrl: string | null;
  webhookUsername: string | null;
  passwordSet: boolean;
  smppSystemId: string | null;
  smppTps: number;
  inboundUrl: string | null;
  createdAt: Date;
};

export function toAppView(r: AppRow): AppView {
  return {
    id: r.id,
    name: r.name,
    environment: r.environment,
    status: r.status,
    masked_key: maskKey(r.keyPrefix, r.keyLast4),
    created_at: r.createdAt.toISOString(),
    key_created_at: r.keyCreatedAt.toISOString(),
    last_used_at: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
    webhook: { url: r.webhookUrl ? displayUrl(r.webhookUrl) : null, username: r.webhookUsername, password_set: Boolean(r.passwordSet) },
    smpp: { system_id: r.smppSystemId, tps: r.smppTps },
    inbound_url: r.inboundUrl,
  };
}

/** Every app of one organization, oldest first. */
export async function listApps(db: DbOrTx, organizationId: string): Promise<AppView[]> {
  const rows = await db.select(VIEW_COLUMNS).from(gatewayApps).where(eq(gatewayApps.organizationId, organizationId)).orderBy(asc(gatewayApps.createdAt), asc(gatewayApps.id));
  return rows.map(toAppView);
}

/**
 * One app, only if it belongs to `organizationId` (null: any organization, for
 * operators). Another organization's app is "not found", never "forbidden",
 * so ids do not leak. `lock` takes the row lock for the caller's transaction.
 */
export async function findApp(db: DbOrTx, appId: string, organizationId: string | null, opts: { lock?: boolean } = {}): Promise<AppRow> {
  const where = organizationId ? and(eq(gatewayApps.id, appId), eq(gatewayApps.organizationId, organizationId)) : eq(gatewayApps.id, appId);
  const query = db.select(VIEW_COLUMNS).from(gatewayApps).where(where);
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('NOT_FOUND', { message: 'App not found.' });
  return row;
}
