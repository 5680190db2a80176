import { recordAudit } from '@/server/domain/audit/record-audit';
import { getApp } from '@/server/domain/keys/get-app';
import { setKeyStatus } from '@/server/domain/keys/manage-keys';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export const setKeyStatusCommand = defineCommand({
  name: 'set-key-status',
  summary: "Change an app key's status (allowed, pending_validation, suspended, ...)",
  usage: '--app-id ID --status S',
  options: { 'app-id': { type: 'string' }, status: { type: 'string' } },
  async run(v, { db }) {
    const appId = check.required(v['app-id'], 'app-id');
    const status = check.keyStatus(check.required(v.status, 'status'), 'status');
    await db.transaction(async (tx) => {
      const app = await getApp(tx, appId, { lock: true });
      if (!app) throw new CliError(`unknown app ${appId}`);
      await setKeyStatus(tx, appId, status);
      await recordAudit(tx, {
        actor: 'cli',
        action: 'key.set_status',
        targetType: 'gateway_app',
        targetId: appId,
        organizationId: app.organizationId,
        details: { from: app.status, to: status },
      });
    });
    return { data: { app_id: appId, key_status: status } };
  },
});
