import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { organizations, senderIds, type SenderIdState } from '@/db/schema';
import type { DecideSenderIdInput, ReviewQueueInput, ReviewedSenderId } from '@/shared/contracts/sender-ids';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { emitSenderIdEvent } from './sender-id-events';
import { toSenderId, type SenderIdRow } from './sender-ids';

/** D22's transitions: which state each decision needs, and the state it leaves. */
const TRANSITIONS: Record<DecideSenderIdInput['decision'], { from: SenderIdState; to: SenderIdState }> = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  revoke: { from: 'approved', to: 'revoked' },
};

function toReviewed(r: SenderIdRow, organizationName: string): ReviewedSenderId {
  return { ...toSenderId(r), organization_id: r.organizationId, organization_name: organizationName, requested_by: r.requestedBy, decided_by: r.decidedBy };
}

/**
 * The operators' review queue (console, `list-sender-ids`): every organization's sender IDs, pending first (oldest
 * first: the longest waiting on top), then the others, last decided first. `state` and `organizationId` narrow it.
 */
export async function listReviewQueue(db: DbOrTx, input: ReviewQueueInput = {}): Promise<ReviewedSenderId[]> {
  const where = and(
    input.state ? eq(senderIds.state, input.state) : undefined,
    input.organizationId ? eq(senderIds.organizationId, input.organizationId) : undefined,
  );
  const rows = await db
    .select({ row: senderIds, organizationName: organizations.name })
    .from(senderIds)
    .innerJoin(organizations, eq(organizations.id, senderIds.organizationId))
    .where(where)
    .orderBy(
      sql`(${senderIds.state} = 'pending') desc`,
      sql`case when ${senderIds.state} = 'pending' then ${senderIds.createdAt} end asc`,
      desc(senderIds.decidedAt),
      asc(senderIds.id),
    );
  return rows.map((r) => toReviewed(r.row, r.organizationName));
}

/**
 * An operator's decision (D22): approve or reject a pending sender ID, revoke an approved one; reject and revoke
 * carry the reason the merchant reads. The row is locked, so two operators cannot both decide; a decision the state
 * does not allow is 409 SENDER_ID_STATE. In one transaction: the new state, the audit row and the `sender_id.<state>`
 * event to the organization's apps' webhook_url. A revoked ID is refused from then on: at new sends (1140) and at the
 * later dispatches of sends already accepted (server/domain/delivery/refuse-sender.ts).
 */
export async function decideSenderId(db: Db, input: DecideSenderIdInput & { actor: string; now: Date }): Promise<ReviewedSenderId> {
  const step = TRANSITIONS[input.decision];
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ row: senderIds, organizationName: organizations.name })
      .from(senderIds)
      .innerJoin(organizations, eq(organizations.id, senderIds.organizationId))
      .where(eq(senderIds.id, input.id))
      .for('update', { of: senderIds });
    if (!found) throw new ApiError('NOT_FOUND', { message: 'Sender ID not found.' });
    if (found.row.state !== step.from) throw new ApiError('SENDER_ID_STATE');
    const reason = input.decision === 'approve' ? null : input.reason.trim();
    const [row] = await tx
      .update(senderIds)
      .set({ state: step.to, reason, decidedBy: input.actor, decidedAt: input.now, updatedAt: input.now })
      .where(eq(senderIds.id, input.id))
      .returning();
    await recordAudit(tx, {
      actor: input.actor,
      action: `sender_id.${input.decision}`,
      targetType: 'sender_id',
      targetId: row.id,
      organizationId: row.organizationId,
      details: { sender_id: row.senderId, from: step.from, to: step.to, ...(reason === null ? {} : { reason }) },
    });
    await emitSenderIdEvent(tx, row.organizationId, toSenderId(row), input.now);
    return toReviewed(row, found.organizationName);
  });
}
