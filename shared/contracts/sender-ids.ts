import { z } from 'zod';
import { UnknownFieldWarnings } from './warnings';
import { MAX_MESSAGE_CHARS } from './send';
import { OrganizationId } from './operator';
import { DbText } from './storable';
import { fieldProblemText } from '@/shared/validation/field-problems';

/**
 * D22 sender IDs: the merchant's request and view (POST and GET /sender-ids, the dashboard's Sender IDs page) and
 * the operator's review (console, CLI). One schema per shape, shared by REST, tRPC, the CLI and the UI.
 */

/** 3 to 11 letters, digits and spaces, at least one letter, no space at either end (D22). */
export const SENDER_ID_PATTERN = '^(?=.*[A-Za-z])[A-Za-z0-9][A-Za-z0-9 ]{1,9}[A-Za-z0-9]$';
export const SENDER_ID_RULE = fieldProblemText('senderIdRule');
export const MAX_PURPOSE = 500;
export const MAX_REASON = 500;

const codePoints = (s: string) => [...s].length;
const text = (max: number, what: string) =>
  DbText.refine((s) => s.trim().length > 0, fieldProblemText('empty'))
    .refine((s) => codePoints(s) <= max, fieldProblemText('maxChars', { max }))
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), fieldProblemText('noControl'))
    .meta({ minLength: 1, maxLength: max, description: what });

export const SenderIdText = z
  .string()
  .regex(new RegExp(SENDER_ID_PATTERN), SENDER_ID_RULE)
  .meta({ description: 'The alphanumeric sender ID as phones will show it.', example: 'ACME', pattern: SENDER_ID_PATTERN, minLength: 3, maxLength: 11 });

export const CreateSenderIdRequest = z
  .object({
    sender_id: SenderIdText,
    purpose: text(MAX_PURPOSE, 'What the messages from this sender ID are for (the operator reads it).'),
    sample_message: text(MAX_MESSAGE_CHARS, 'A message you will send from it, as recipients will read it.'),
  })
  .meta({ id: 'CreateSenderIdRequest' });
export type CreateSenderIdRequest = z.infer<typeof CreateSenderIdRequest>;

/** sender_ids.state's values (db/schema/sender-ids.ts); toSenderId's typed mapping keeps the two lists equal. */
export const SenderIdStateValue = z.enum(['pending', 'approved', 'rejected', 'revoked']);

export const SenderId = z
  .object({
    id: z.string().meta({ example: 'sid_3kTq9wZ2c8VbN1mX7pLr0a' }),
    sender_id: z.string().meta({ example: 'ACME' }),
    state: SenderIdStateValue.meta({
      description: 'pending (awaiting review), approved (live sends may use it), rejected, or revoked (approved, then withdrawn by the operator).',
    }),
    reason: z.string().nullable().meta({ description: 'Why it was rejected or revoked; null otherwise.' }),
    purpose: z.string(),
    sample_message: z.string(),
    created_at: z.string().meta({ description: 'When it was requested (ISO 8601).' }),
    decided_at: z.string().nullable().meta({ description: 'When the operator last decided (ISO 8601); null while pending.' }),
  })
  .meta({ id: 'SenderId' });
export type SenderId = z.infer<typeof SenderId>;

/** POST /sender-ids's answer: the sender ID, and D12's warnings about ignored fields of the body. */
export const CreatedSenderId = SenderId.extend({ warnings: UnknownFieldWarnings }).meta({ id: 'CreatedSenderId' });

export const ListSenderIdsInput = z.object({ state: SenderIdStateValue.optional().meta({ description: 'Only the sender IDs in this state.' }) });
export type ListSenderIdsInput = z.infer<typeof ListSenderIdsInput>;

export const SenderIdsList = z.object({ items: z.array(SenderId) }).meta({ id: 'SenderIdsList' });
export type SenderIdsList = z.infer<typeof SenderIdsList>;

export const SenderIdRef = z.string().trim().regex(/^sid_[0-9A-Za-z]{1,40}$/, 'Unknown sender ID.');
export const WithdrawSenderIdInput = z.object({ id: SenderIdRef });

/** The operator's view: whose, and who asked and decided (actors as the audit log names them). */
export const ReviewedSenderId = SenderId.extend({
  organization_id: z.string(),
  organization_name: z.string(),
  requested_by: z.string(),
  decided_by: z.string().nullable(),
});
export type ReviewedSenderId = z.infer<typeof ReviewedSenderId>;

/** The console's queue and `list-sender-ids`: pending first (oldest first), then the rest, newest decided first. */
export const ReviewQueueInput = z.object({ state: SenderIdStateValue.optional(), organizationId: OrganizationId.optional() });
export type ReviewQueueInput = z.infer<typeof ReviewQueueInput>;
export const ReviewQueue = z.object({ sender_ids: z.array(ReviewedSenderId) });
export type ReviewQueue = z.infer<typeof ReviewQueue>;

/** approve takes no reason; reject and revoke need one (D22: the state comes with its reason). */
export const DecideSenderIdInput = z.discriminatedUnion('decision', [
  z.object({ id: SenderIdRef, decision: z.literal('approve') }),
  z.object({ id: SenderIdRef, decision: z.enum(['reject', 'revoke']), reason: text(MAX_REASON, 'Why, as the merchant will read it.') }),
]);
export type DecideSenderIdInput = z.infer<typeof DecideSenderIdInput>;

/** The platform default sender ID (D22: a live send without sender_id goes from it); null: none set. */
export const DefaultSenderId = z.object({ default_sender_id: z.string().nullable() });
export type DefaultSenderId = z.infer<typeof DefaultSenderId>;
export const SetDefaultSenderIdInput = z.object({ sender_id: SenderIdText.nullable() });
