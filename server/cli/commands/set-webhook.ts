import type { Db } from '@/db/client';
import { InboundUrl, UpdateWebhookInput } from '@/shared/contracts/keys';
import { findApp, toAppView } from '@/server/domain/keys/list-apps';
import { rotateSigningSecret } from '@/server/domain/keys/rotate-signing-secret';
import { setInboundUrl } from '@/server/domain/keys/set-inbound-url';
import { updateWebhook } from '@/server/domain/keys/update-webhook';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

/**
 * The dashboard's webhook form (updateWebhook, with an owner's rights), its inbound URL (setInboundUrl, D18) and
 * "Rotate signing secret" (rotateSigningSecret) for any app, in one transaction. The URL rules are the form's
 * (UpdateWebhookInput and InboundUrl, and https only in live, checked by the domain). Each part changes only
 * what its options name: `--inbound-url` alone leaves the webhook as it is, `--url` and `--clear` leave the
 * inbound URL; `--inbound-url ''` removes it.
 */
export const setWebhookCommand = defineCommand({
  name: 'set-webhook',
  summary: "Set (or with --clear remove) an app's webhook URL and Basic credentials; --inbound-url sets where its inbound messages go ('' removes it); --rotate-secret issues a new signing secret",
  usage: "--app-id ID ([--url U [--username U --password P] | --clear] [--inbound-url U | --inbound-url ''] [--rotate-secret])",
  options: {
    'app-id': { type: 'string' },
    url: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    clear: { type: 'boolean' },
    'inbound-url': { type: 'string' },
    'rotate-secret': { type: 'boolean' },
  },
  async run(v, { db, env }) {
    const appId = check.required(v['app-id'], 'app-id');
    const clear = v.clear === true;
    const rotate = v['rotate-secret'] === true;
    const inbound = v['inbound-url'];
    if (clear && (v.url ?? v.username ?? v.password) !== undefined) throw new CliError('--clear takes no --url, --username or --password');
    if (!clear && !rotate && v.url === undefined && inbound === undefined) {
      throw new CliError('missing --url (or --clear to remove the webhook, --inbound-url, or --rotate-secret)');
    }
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
    const inboundUrl = inbound === undefined ? undefined : InboundUrl.safeParse(inbound);
    if (inboundUrl && !inboundUrl.success) throw new CliError(`--inbound-url: ${inboundUrl.error.issues.map((i) => i.message).join('; ')}`);
    const out = await db.transaction(async (tx) => {
      const rotated = rotate ? await rotateSigningSecret(tx, { appId, organizationId: null, secret: env.APP_SECRET, actor: 'cli', now: new Date() }) : null;
      if (change && form.success) {
        await updateWebhook(tx as unknown as Db, { ...form.data, organizationId: null, environment: env.SMS_ENV, secret: env.APP_SECRET, actor: 'cli', role: 'owner' });
      }
      if (inboundUrl?.success) await setInboundUrl(tx, { appId, organizationId: null, inboundUrl: inboundUrl.data, environment: env.SMS_ENV, actor: 'cli' });
      return { app: toAppView(await findApp(tx, appId, null)), rotated };
    });
    const { app, rotated } = out;
    const data: Record<string, unknown> = { app_id: appId, webhook_url: app.webhook.url, basic_auth: app.webhook.password_set, inbound_url: app.inbound_url };
    if (!rotated) return { data };
    return {
      data: { ...data, signing_secret: rotated.signing_secret, previous_valid_until: rotated.previous_valid_until },
      note: 'The new signing secret is shown only this once; the previous one also signs until previous_valid_until.',
    };
  },
});
