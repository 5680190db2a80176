import { count, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gatewayApps, organizations } from '@/db/schema';
import { MAX_APPS_PER_ORGANIZATION, type CreatedApp } from '@/shared/contracts/keys';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { newId } from '@/server/lib/ids';
import { generateApiKey, type KeyEnvironment } from './api-keys';
import { findApp, toAppView } from './list-apps';
import { firstSigningSecret } from './rotate-signing-secret';

/**
 * A new app and its key in the deployment's environment (D9): sandbox keys
 * start `allowed`, live keys `pending_validation` until an operator allows
 * them. The plain key and the webhook signing secret are returned here and
 * nowhere else; the audit row holds only the key's masked form.
 */
export async function createApp(
  db: Db,
  input: { organizationId: string; name: string; environment: KeyEnvironment; secret: string; actor: string },
): Promise<CreatedApp> {
  return db.transaction(async (tx) => {
    // Serializes concurrent creations of one organization, so the cap holds.
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.organizationId)).for('update');
    const [{ n }] = await tx.select({ n: count() }).from(gatewayApps).where(eq(gatewayApps.organizationId, input.organizationId));
    if (n >= MAX_APPS_PER_ORGANIZATION) {
      throw new ApiError('LIMIT_EXCEEDED', { message: `An organization can have at most ${MAX_APPS_PER_ORGANIZATION} apps.` });
    }
    const id = newId('app');
    const key = generateApiKey(input.environment, input.secret);
    const status = input.environment === 'test' ? 'allowed' : 'pending_validation';
    await tx.insert(gatewayApps).values({
      id,
      organizationId: input.organizationId,
      name: input.name,
      environment: input.environment,
      status,
      keyDigest: key.digest,
      keyPrefix: key.prefix,
      keyLast4: key.last4,
    });
    const app = toAppView(await findApp(tx, id, input.organizationId));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'app.create',
      targetType: 'gateway_app',
      targetId: id,
      organizationId: input.organizationId,
      details: { name: input.name, environment: input.environment, key_status: status, key: app.masked_key },
    });
    return { app, api_key: key.plain, signing_secret: firstSigningSecret(input.secret, id) };
  });
}
