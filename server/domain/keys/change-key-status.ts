import type { Db } from '@/db/client';
import type { KeyStatus } from '@/db/schema';
import type { AppView } from '@/shared/contracts/keys';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { findApp, toAppView } from './list-apps';
import { setKeyStatus } from './manage-keys';

/** Operator console: sets a key's status (the API answers the status's 403 from the next request on), audited. */
export async function changeKeyStatus(db: Db, input: { appId: string; status: KeyStatus; actor: string }): Promise<AppView> {
  return db.transaction(async (tx) => {
    const before = await findApp(tx, input.appId, null, { lock: true });
    await setKeyStatus(tx, input.appId, input.status);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'key.set_status',
      targetType: 'gateway_app',
      targetId: input.appId,
      organizationId: before.organizationId,
      details: { from: before.status, to: input.status },
    });
    return toAppView(await findApp(tx, input.appId, null));
  });
}
