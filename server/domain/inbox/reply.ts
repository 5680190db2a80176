import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { inboxConversations as conversations } from '@/db/schema';
import { SendRequest, type SendResult } from '@/shared/contracts/send';
import type { KeyEnvironment } from '@/server/domain/keys/api-keys';
import { composeSend } from '@/server/domain/messages/compose-send';
import { ApiError } from '@/shared/errors/api-error';
import { fromZodError } from '@/shared/errors/from-zod';

/**
 * D18 Inbox reply: an ordinary send to the conversation's phone, as one of the organization's apps, through
 * Compose's composeSend (the app's send bucket, then POST /send's submitSend: validation, pricing, the one-transaction
 * charge, Idempotency-Key). Its sender_id, typically the number the MO came to, may be one of that app's numbers
 * whatever its length (submitSend checks). Only a phone with a conversation of this organization can be replied to.
 */
export async function replyToConversation(
  db: Db,
  organizationId: string,
  input: { phone: string; appId: string; idempotencyKey: string; send: { message?: unknown; sender_id?: unknown } },
  opts: { environment: KeyEnvironment; now: Date; slotNow: Date | null; allowHttpCallbacks: boolean },
): Promise<SendResult> {
  const [conversation] = await db.execute(sql`
    select 1 from ${conversations} where ${conversations.organizationId} = ${organizationId} and ${conversations.phone} = ${input.phone}`);
  if (!conversation) throw new ApiError('NOT_FOUND', { message: 'No conversation with this phone.' });
  const body = {
    to: [input.phone],
    message: input.send.message,
    ...(input.send.sender_id === undefined ? {} : { sender_id: input.send.sender_id }),
  };
  const parsed = SendRequest.safeParse(body);
  if (!parsed.success) throw fromZodError(parsed.error, body, 'envelope');
  return composeSend(db, organizationId, { appId: input.appId, send: parsed.data, idempotencyKey: input.idempotencyKey }, opts);
}
