import { recordAudit } from '@/server/domain/audit/record-audit';
import { getApp } from '@/server/domain/keys/get-app';
import { setWebhook } from '@/server/domain/keys/manage-keys';
import { rotateSigningSecret } from '@/server/domain/keys/rotate-signing-secret';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export const setWebhookCommand = defineCommand({
  name: 'set-webhook',
  summary: "Set (or with --clear remove) an app's webhook URL and Basic credentials; --rotate-secret issues a new signing secret",
  usage: '--app-id ID ([--url U [--username U --password P] | --clear] [--rotate-secret])',
  options: {
    'app-id': { type: 'string' },
    url: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    clear: { type: 'boolean' },
    'rotate-secret': { type: 'boolean' },
  },
  async run(v, { db, env }) {
    const appId = check.required(v['app-id'], 'app-id');
    const clear = v.clear === true;
    const rotate = v['rotate-secret'] === true;
    if (clear && (v.url ?? v.username ?? v.password) !== undefined) throw new CliError('--clear takes no --url, --username or --password');
    if (!clear && !rotate && v.url === undefined) throw new CliError('missing --url (or --clear to remove the webhook, or --rotate-secret)');
    if (v.url === undefined && (v.username ?? v.password) !== undefined) throw new CliError('--username and --password need --url');
    const change = clear || v.url !== undefined;
    const hook = !change || clear ? undefined : check.webhook({ url: v.url, username: v.username, password: v.password }, 'url', env);
    const out = await db.transaction(async (tx) => {
      const app = await getApp(tx, appId, { lock: true });
      if (!app) throw new CliError(`unknown app ${appId}`);
      const rotated = rotate ? await rotateSigningSecret(tx, { appId, organizationId: null, secret: env.APP_SECRET, actor: 'cli', now: new Date() }) : null;
      if (!change) return { webhook_url: app.webhookUrl, basic_auth: Boolean(app.webhookUsername), rotated };
      await setWebhook(tx, appId, { url: hook?.url ?? null, username: hook?.username, password: hook?.password }, env.APP_SECRET);
      await recordAudit(tx, {
        actor: 'cli',
        action: clear ? 'webhook.clear' : 'webhook.set',
        targetType: 'gateway_app',
        targetId: appId,
        organizationId: app.organizationId,
        details: { url: hook?.url ?? null, basic_auth: Boolean(hook?.username), previous_url: app.webhookUrl },
      });
      return { webhook_url: hook?.url ?? null, basic_auth: Boolean(hook?.username), rotated };
    });
    const data: Record<string, unknown> = { app_id: appId, webhook_url: out.webhook_url, basic_auth: out.basic_auth };
    if (!out.rotated) return { data };
    return {
      data: { ...data, signing_secret: out.rotated.signing_secret, previous_valid_until: out.rotated.previous_valid_until },
      note: 'The new signing secret is shown only this once; the previous one also signs until previous_valid_until.',
    };
  },
});
