import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { platformSettings } from '@/db/schema';
import type { DefaultSenderId } from '@/shared/contracts/sender-ids';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { DEFAULT_SENDER_SETTING } from './sender-policy';

/**
 * The operator's platform default sender ID (D22): what a live send without sender_id goes from (null: none, the
 * carrier's own). Audited.
 */
export async function setDefaultSenderId(db: Db, input: { senderId: string | null; actor: string; now: Date }): Promise<DefaultSenderId> {
  return db.transaction(async (tx) => {
    if (input.senderId === null) await tx.delete(platformSettings).where(eq(platformSettings.name, DEFAULT_SENDER_SETTING));
    else {
      await tx
        .insert(platformSettings)
        .values({ name: DEFAULT_SENDER_SETTING, value: input.senderId, updatedBy: input.actor, updatedAt: input.now })
        .onConflictDoUpdate({ target: platformSettings.name, set: { value: sql`excluded.value`, updatedBy: input.actor, updatedAt: input.now } });
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: 'platform.default_sender_id',
      targetType: 'platform_setting',
      targetId: DEFAULT_SENDER_SETTING,
      details: { sender_id: input.senderId },
    });
    return { default_sender_id: input.senderId };
  });
}
