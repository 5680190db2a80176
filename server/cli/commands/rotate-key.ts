import { recordAudit } from '@/server/domain/audit/record-audit';
import { maskKey } from '@/server/domain/keys/api-keys';
import { getApp } from '@/server/domain/keys/get-app';
import { rotateKey } from '@/server/domain/keys/manage-keys';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export const rotateKeyCommand = defineCommand({
  name: 'rotate-key',
  summary: "Replace an app's API key; the old key stops working at once",
  usage: '--app-id ID',
  options: { 'app-id': { type: 'string' } },
  async run(v, { db, env }) {
    const appId = check.required(v['app-id'], 'app-id');
    const apiKey = await db.transaction(async (tx) => {
      const app = await getApp(tx, appId, { lock: true });
      if (!app) throw new CliError(`unknown app ${appId}`);
      const plain = await rotateKey(tx, appId, { secret: env.APP_SECRET, environment: env.SMS_ENV });
      if (!plain) throw new CliError(`unknown app ${appId}`);
      await recordAudit(tx, {
        actor: 'cli',
        action: 'key.rotate',
        targetType: 'gateway_app',
        targetId: appId,
        organizationId: app.organizationId,
        details: { key: maskKey(`sk_${env.SMS_ENV}_`, plain.slice(-4)), environment: env.SMS_ENV },
      });
      return plain;
    });
    return { data: { app_id: appId, api_key: apiKey }, note: 'The new API key is shown only this once: store it now.' };
  },
});
