import type { Db } from '@/db/client';
import type { KeyWithSecret } from '@/shared/contracts/keys';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { maskKey, type KeyEnvironment } from './api-keys';
import { findApp, toAppView } from './list-apps';
import { rotateKey } from './manage-keys';

/**
 * Replaces an app's key (the old digest is overwritten in the same UPDATE, so
 * the old key stops at once). Only the organization's own apps; organizationId
 * null is the operator's CLI (any app). Audited.
 */
export async function regenerateKey(
  db: Db,
  input: { organizationId: string | null; appId: string; environment: KeyEnvironment; secret: string; actor: string },
): Promise<KeyWithSecret> {
  return db.transaction(async (tx) => {
    const before = await findApp(tx, input.appId, input.organizationId, { lock: true });
    const plain = await rotateKey(tx, input.appId, { secret: input.secret, environment: input.environment });
    if (!plain) throw new ApiError('NOT_FOUND', { message: 'App not found.' });
    const app = toAppView(await findApp(tx, input.appId, input.organizationId));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'key.rotate',
      targetType: 'gateway_app',
      targetId: input.appId,
      organizationId: before.organizationId,
      details: { previous_key: maskKey(before.keyPrefix, before.keyLast4), key: app.masked_key, environment: input.environment },
    });
    return { app, api_key: plain };
  });
}
