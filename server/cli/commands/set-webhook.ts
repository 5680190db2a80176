import type { Db } from '@/db/client';
import { UpdateWebhookInput } from '@/server/contracts/keys';
import { findApp } from '@/server/domain/keys/list-apps';
import { rotateSigningSecret } from '@/server/domain/keys/rotate-signing-secret';
import { updateWebhook } from '@/server/domain/keys/update-webhook';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

/**
 * The dashboard's webhook form (updateWebhook, with an owner's rights) and "Rotate signing secret"
 * (rotateSigningSecret) for any app, in one transaction. The URL rules are the form's (UpdateWebhookInput,
 * and https only in live, checked by updateWebhook).
 */
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
    if ((v.username === undefined) !== (v.password === undefined)) throw new CliError('--username and --password go together');
    const change = clear || v.url !== undefined;
    const form = UpdateWebhookInput.safeParse({
      appId,
      url: clear ? '' : (v.url ?? ''),
      username: v.username ?? '',
      passwordAction: v.password === undefined ? 'clear' : 'replace',
      password: v.password,
    });
    if (change && !form.success) throw new CliError(form.error.issues.map((i) => `--${String(i.path[0] ?? 'url')}: ${i.message}`).join('; '));
    const out = await db.transaction(async (tx) => {
      const rotated = rotate ? await rotateSigningSecret(tx, { appId, organizationId: null, secret: env.APP_SECRET, actor: 'cli', now: new Date() }) : null;
      const app =
        change && form.success
          ? await updateWebhook(tx as unknown as Db, { ...form.data, organizationId: null, environment: env.SMS_ENV, secret: env.APP_SECRET, actor: 'cli', role: 'owner' })
          : await findApp(tx, appId, null).then((a) => ({ webhook: { url: a.webhookUrl, password_set: Boolean(a.passwordSet) } }));
      return { webhook_url: app.webhook.url, basic_auth: app.webhook.password_set, rotated };
    });
    const data: Record<string, unknown> = { app_id: appId, webhook_url: out.webhook_url, basic_auth: out.basic_auth };
    if (!out.rotated) return { data };
    return {
      data: { ...data, signing_secret: out.rotated.signing_secret, previous_valid_until: out.rotated.previous_valid_until },
      note: 'The new signing secret is shown only this once; the previous one also signs until previous_valid_until.',
    };
  },
});
