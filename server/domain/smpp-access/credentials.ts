import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, organizations } from '@/db/schema';
import { AUTHED_APP_COLUMNS, toAuthedApp, type AuthedApp } from '@/server/domain/keys/authenticate';
import type { KeyEnvironment } from '@/server/domain/keys/api-keys';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { digestSmppPassword, digestsEqual } from '@/server/lib/crypto';
import { randomBase62 } from '@/server/lib/ids';

/** D15: a system_id is at most 15 characters and the password exactly 8 (SMPP 3.4 C-octet strings of 16 and 9). */
export const SYSTEM_ID_MAX = 15;
export const PASSWORD_LENGTH = 8;

export type SmppCredentials = { app_id: string; system_id: string; password: string };

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `gw` + 10 lowercase letters and digits: fits 15, and survives ESMEs that fold case. */
function newSystemId(): string {
  const bytes = randomBytes(40);
  let out = 'gw';
  for (const b of bytes) {
    if (b < 252) out += LOWER[b % 36]; // 252 = 36 * 7: no modulo bias
    if (out.length === 12) break;
  }
  return out;
}

/**
 * Enables SMPP for an app, or rotates its password when it already has one (the system_id stays): a new 8-character
 * password, stored as a digest, returned this once. Audited. Null when the app does not exist. Run it in a
 * transaction (the row is locked).
 */
export async function enableSmpp(
  tx: DbOrTx,
  secret: string,
  appId: string,
  actor: string,
  opts: { organizationId?: string } = {},
): Promise<SmppCredentials | null> {
  const [app] = await tx
    .select({ id: gatewayApps.id, organizationId: gatewayApps.organizationId, systemId: gatewayApps.smppSystemId })
    .from(gatewayApps)
    .where(opts.organizationId ? and(eq(gatewayApps.id, appId), eq(gatewayApps.organizationId, opts.organizationId)) : eq(gatewayApps.id, appId))
    .for('update');
  if (!app) return null;
  const systemId = app.systemId ?? newSystemId();
  const password = randomBase62(PASSWORD_LENGTH);
  await tx
    .update(gatewayApps)
    .set({ smppSystemId: systemId, smppPasswordDigest: digestSmppPassword(secret, systemId, password), updatedAt: new Date() })
    .where(eq(gatewayApps.id, appId));
  await recordAudit(tx, {
    actor,
    action: app.systemId ? 'smpp.password_rotated' : 'smpp.enabled',
    targetType: 'gateway_app',
    targetId: appId,
    organizationId: app.organizationId,
    details: { system_id: systemId },
  });
  return { app_id: appId, system_id: systemId, password };
}

/** Sets an app's SMPP throughput (submit_sm per second across every listener). False when the app does not exist. */
export async function setSmppTps(tx: DbOrTx, appId: string, tps: number): Promise<boolean> {
  const rows = await tx.update(gatewayApps).set({ smppTps: tps, updatedAt: new Date() }).where(eq(gatewayApps.id, appId)).returning({ id: gatewayApps.id });
  return rows.length > 0;
}

export async function getSmppTps(db: DbOrTx, appId: string): Promise<number | null> {
  const [row] = await db.select({ tps: gatewayApps.smppTps }).from(gatewayApps).where(eq(gatewayApps.id, appId));
  return row?.tps ?? null;
}

/** SMPP 3.4 bind_*_resp statuses of D15. */
export const BIND_STATUS = { OK: 0x00, BINDFAIL: 0x0d, INVPASWD: 0x0e } as const;

export type BindOutcome = { status: 0; app: AuthedApp; tps: number } | { status: 0x0d | 0x0e; reason: string };

/**
 * Checks a bind's credentials (D15): an unknown system_id, an app of another environment than this service and a
 * wrong password all answer 0x0E alike, after the same digest work, so a bind never tells which system_ids exist
 * (the reason, for the operator's log, tells them apart); a key that is not `allowed` 0x0D, once the password is
 * right. One indexed lookup.
 */
export async function authenticateBind(
  db: DbOrTx,
  secret: string,
  environment: KeyEnvironment,
  systemId: string,
  password: string,
): Promise<BindOutcome> {
  const given = digestSmppPassword(secret, systemId, password);
  if (!systemId || systemId.length > SYSTEM_ID_MAX) return { status: BIND_STATUS.INVPASWD, reason: 'unknown system_id' };
  const [row] = await db
    .select({ ...AUTHED_APP_COLUMNS, digest: gatewayApps.smppPasswordDigest, tps: gatewayApps.smppTps })
    .from(gatewayApps)
    .innerJoin(organizations, eq(organizations.id, gatewayApps.organizationId))
    .where(eq(gatewayApps.smppSystemId, systemId));
  if (!row || !row.digest || row.environment !== environment) return { status: BIND_STATUS.INVPASWD, reason: 'unknown system_id' };
  if (!digestsEqual(row.digest, given)) return { status: BIND_STATUS.INVPASWD, reason: 'wrong password' };
  if (row.status !== 'allowed') return { status: BIND_STATUS.BINDFAIL, reason: `key ${row.status}` };
  return { status: 0, tps: row.tps, app: toAuthedApp(row) };
}
