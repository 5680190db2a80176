import { recordAudit } from '@/server/domain/audit/record-audit';
import { getApp } from '@/server/domain/keys/get-app';
import { setWebhook } from '@/server/domain/keys/manage-keys';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export const setWebhookCommand = defineCommand({
  name: 'set-webhook',
  summary: "Set (or with --clear remove) an app's webhook URL and Basic credentials",
  usage: '--app-id ID (--url U [--username U --password P] | --clear)',
  options: {
    'app-id': { type: 'string' },
    url: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    clear: { type: 'boolean' },
  },
  async run(v, { db, env }) {
    const appId = check.required(v['app-id'], 'app-id');
    const clear = v.clear === true;
    if (clear && (v.url ?? v.username ?? v.password) !== undefined) throw new CliError('--clear takes no --url, --username or --password');
    if (!clear && v.url === undefined) throw new CliError('missing --url (or --clear to remove the webhook)');
    const hook = clear ? undefined : check.webhook({ url: v.url, username: v.username, password: v.password }, 'url', env);
    await db.transaction(async (tx) => {
      const app = await getApp(tx, appId, { lock: true });
      if (!app) throw new CliError(`unknown app ${appId}`);
      await setWebhook(tx, appId, { url: hook?.url ?? null, username: hook?.username, password: hook?.password }, env.APP_SECRET);
      await recordAudit(tx, {
        actor: 'cli',
        action: clear ? 'webhook.clear' : 'webhook.set',
        targetType: 'gateway_app',
        targetId: appId,
        organizationId: app.organizationId,
        details: { url: hook?.url ?? null, basic_auth: Boolean(hook?.username), previous_url: app.webhookUrl },
      });
    });
    return { data: { app_id: appId, webhook_url: hook?.url ?? null, basic_auth: Boolean(hook?.username) } };
  },
});
