import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { senderIds } from '@/db/schema';
import type { CreateSenderIdRequest, ListSenderIdsInput, SenderId } from '@/shared/contracts/sender-ids';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { newId } from '@/server/lib/ids';

export type SenderIdRow = typeof senderIds.$inferSelect;

/** The merchant's view of a row (REST and dashboard): never who asked or decided. */
export function toSenderId(r: SenderIdRow): SenderId {
  return {
    id: r.id,
    sender_id: r.senderId,
    state: r.state,
    reason: r.reason,
    purpose: r.purpose,
    sample_message: r.sampleMessage,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt ? r.decidedAt.toISOString() : null,
  };
}

/**
 * D22: an owner or developer (or an app's key) asks for a sender ID; it is pending until an operator decides.
 * A sender ID the organization already has pending or approved is refused (409, 1141). Audited.
 */
export async function requestSenderId(
  db: Db,
  input: CreateSenderIdRequest & { organizationId: string; actor: string; now: Date },
): Promise<SenderId> {
  return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(senderIds)
        .values({
          id: newId('sid'),
          organizationId: input.organizationId,
          senderId: input.sender_id,
          purpose: input.purpose.trim(),
          sampleMessage: input.sample_message,
          requestedBy: input.actor,
          createdAt: input.now,
          updatedAt: input.now,
        })
        // sender_ids_org_live_uq: the only unique rule a new row (with a fresh id) can break
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ApiError('SENDER_ID_EXISTS');
      await recordAudit(tx, {
        actor: input.actor,
        action: 'sender_id.request',
        targetType: 'sender_id',
        targetId: row.id,
        organizationId: input.organizationId,
        details: { sender_id: row.senderId },
      });
      return toSenderId(row);
  });
}

/** The organization's sender IDs, newest first (optionally one state's). */
export async function listSenderIds(db: DbOrTx, organizationId: string, input: ListSenderIdsInput = {}): Promise<SenderId[]> {
  const where = input.state ? and(eq(senderIds.organizationId, organizationId), eq(senderIds.state, input.state)) : eq(senderIds.organizationId, organizationId);
  const rows = await db.select().from(senderIds).where(where).orderBy(desc(senderIds.createdAt), desc(senderIds.id));
  return rows.map(toSenderId);
}

/** The organization withdraws a request still pending: the row goes (a decided one stays: 409). Audited. */
export async function withdrawSenderId(db: Db, input: { organizationId: string; id: string; actor: string }): Promise<{ withdrawn: true; id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(senderIds)
      .where(and(eq(senderIds.id, input.id), eq(senderIds.organizationId, input.organizationId)))
      .for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    if (row.state !== 'pending') throw new ApiError('SENDER_ID_STATE');
    await tx.delete(senderIds).where(eq(senderIds.id, row.id));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'sender_id.withdraw',
      targetType: 'sender_id',
      targetId: row.id,
      organizationId: row.organizationId,
      details: { sender_id: row.senderId },
    });
    return { withdrawn: true as const, id: row.id };
  });
}
