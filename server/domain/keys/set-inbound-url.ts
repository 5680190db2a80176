import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import type { KeyEnvironment } from './api-keys';
import { assertDeliverableUrl } from './deliverable-url';
import { findApp } from './list-apps';

/**
 * D18: where one app's inbound messages go ('' removes it), in one audited transaction; the webhook URL and its
 * credentials stay as they are. The URL has passed the InboundUrl contract; this adds the environment's rule.
 * organizationId null is the operator's CLI (any app). Answers the stored URL.
 */
export async function setInboundUrl(
  db: DbOrTx,
  input: { appId: string; organizationId: string | null; inboundUrl: string; environment: KeyEnvironment; actor: string },
): Promise<string | null> {
  const url = input.inboundUrl === '' ? null : input.inboundUrl;
  assertDeliverableUrl(url, input.environment, 'inboundUrl');
  return db.transaction(async (tx) => {
    const before = await findApp(tx, input.appId, input.organizationId, { lock: true });
    await tx.update(gatewayApps).set({ inboundUrl: url, updatedAt: new Date() }).where(eq(gatewayApps.id, before.id));
    await recordAudit(tx, {
      actor: input.actor,
      action: url ? 'inbound_url.set' : 'inbound_url.clear',
      targetType: 'gateway_app',
      targetId: before.id,
      organizationId: before.organizationId,
      details: { url, previous_url: before.inboundUrl },
    });
    return url;
  });
}
