import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gatewayApps } from '@/db/schema';
import type { AppView, UpdateWebhookInput } from '@/server/contracts/keys';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { validationError } from '@/server/errors/validation';
import { encryptSecret } from '@/server/lib/crypto';
import type { KeyEnvironment } from './api-keys';
import { findApp, toAppView } from './list-apps';

/**
 * Webhook URL and Basic credentials of one of the organization's apps. The
 * password is write-only: kept, replaced (encrypted, D9) or cleared, never read
 * back. No URL means no credentials; no username means no password.
 */
export async function updateWebhook(
  db: Db,
  input: UpdateWebhookInput & { organizationId: string; environment: KeyEnvironment; secret: string; actor: string },
): Promise<AppView> {
  const url = input.url === '' ? null : input.url;
  if (url && input.environment === 'live' && new URL(url).protocol !== 'https:') {
    throw validationError([{ field: 'url', code: 'INVALID_FIELD_FORMAT', message: 'The live environment delivers webhooks over https only.' }]);
  }
  const username = url && input.username !== '' ? input.username : null;
  return db.transaction(async (tx) => {
    const before = await findApp(tx, input.appId, input.organizationId, { lock: true });
    const set: Partial<typeof gatewayApps.$inferInsert> = { webhookUrl: url, webhookUsername: username, updatedAt: new Date() };
    if (!username || input.passwordAction === 'clear') set.webhookPasswordEnc = null;
    else if (input.passwordAction === 'replace') set.webhookPasswordEnc = encryptSecret(input.secret, input.password!);
    await tx.update(gatewayApps).set(set).where(eq(gatewayApps.id, input.appId));
    const app = toAppView(await findApp(tx, input.appId, input.organizationId));
    await recordAudit(tx, {
      actor: input.actor,
      action: url ? 'webhook.set' : 'webhook.clear',
      targetType: 'gateway_app',
      targetId: input.appId,
      organizationId: input.organizationId,
      details: {
        url: app.webhook.url,
        previous_url: before.webhookUrl,
        username: app.webhook.username,
        // Flags only: the password never reaches the audit log.
        webhook_password: app.webhook.password_set ? (input.passwordAction === 'replace' ? 'replaced' : 'kept') : 'not set',
      },
    });
    return app;
  });
}
