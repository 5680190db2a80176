import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gatewayApps, type Role } from '@/db/schema';
import type { AppView, UpdateWebhookInput } from '@/shared/contracts/keys';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { encryptSecret } from '@/server/lib/crypto';
import type { KeyEnvironment } from './api-keys';
import { assertDeliverableUrl } from './deliverable-url';
import { findApp, toAppView } from './list-apps';
import { setInboundUrl } from './set-inbound-url';

/** The origin of a stored or submitted webhook URL (null when there is none, or it does not parse). */
function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Webhook URL and Basic credentials of one of the organization's apps. The
 * password is write-only: kept, replaced (encrypted, D9) or cleared, never read
 * back. No URL means no credentials; no username means no password.
 *
 * Credentials follow the origin: a new URL on another origin drops the stored
 * password unless the same change gives a new one, so nobody can send the
 * stored password to a server of their choosing. Only owners set a password,
 * or keep one while changing the URL or username; a developer may still
 * change the webhook (the stored password is then dropped or must be removed).
 * organizationId null is the operator's CLI (any app, acting as an owner).
 * A given `inboundUrl` (D18) is set in the same transaction.
 */
export async function updateWebhook(
  db: Db,
  input: UpdateWebhookInput & { organizationId: string | null; environment: KeyEnvironment; secret: string; actor: string; role: Role },
): Promise<AppView> {
  const url = input.url === '' ? null : input.url;
  assertDeliverableUrl(url, input.environment, 'url');
  const username = url && input.username !== '' ? input.username : null;
  if (input.passwordAction === 'replace' && input.role !== 'owner') {
    throw new ApiError('FORBIDDEN_ROLE', { message: 'Only owners can set webhook credentials.' });
  }
  return db.transaction(async (tx) => {
    const before = await findApp(tx, input.appId, input.organizationId, { lock: true });
    const sameOrigin = url !== null && originOf(url) === originOf(before.webhookUrl);
    const keeps = input.passwordAction === 'keep' && username !== null && sameOrigin && before.passwordSet;
    if (keeps && input.role !== 'owner' && (url !== before.webhookUrl || username !== before.webhookUsername)) {
      throw new ApiError('FORBIDDEN_ROLE', {
        message: 'Only owners can keep webhook credentials while changing the webhook: ask an owner, or remove the stored password.',
      });
    }
    const set: Partial<typeof gatewayApps.$inferInsert> = { webhookUrl: url, webhookUsername: username, updatedAt: new Date() };
    if (input.passwordAction === 'replace' && username) set.webhookPasswordEnc = encryptSecret(input.secret, input.password!);
    else if (!keeps) set.webhookPasswordEnc = null;
    await tx.update(gatewayApps).set(set).where(eq(gatewayApps.id, input.appId));
    // The form always sends the inbound URL: it is written, and audited, only when it changed.
    if (input.inboundUrl !== undefined && (input.inboundUrl || null) !== before.inboundUrl) {
      await setInboundUrl(tx, { appId: input.appId, organizationId: input.organizationId, inboundUrl: input.inboundUrl, environment: input.environment, actor: input.actor });
    }
    const app = toAppView(await findApp(tx, input.appId, input.organizationId));
    const dropped = before.passwordSet && !app.webhook.password_set && input.passwordAction === 'keep';
    await recordAudit(tx, {
      actor: input.actor,
      action: url ? 'webhook.set' : 'webhook.clear',
      targetType: 'gateway_app',
      targetId: input.appId,
      organizationId: before.organizationId,
      details: {
        url: app.webhook.url,
        previous_url: before.webhookUrl,
        username: app.webhook.username,
        // Flags only: the password never reaches the audit log.
        webhook_password: app.webhook.password_set
          ? input.passwordAction === 'replace'
            ? 'replaced'
            : 'kept'
          : dropped
            ? 'dropped (origin changed)'
            : 'not set',
      },
    });
    return app;
  });
}
