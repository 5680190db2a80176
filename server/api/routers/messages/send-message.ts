import { apiKeyProcedure } from '@/server/api/trpc';
import { SEND_REQUEST_VARIANTS, SendRequest, SendResult } from '@/shared/contracts/send';
import { submitSend } from '@/server/domain/messages/submit-send';

export const sendMessageProcedure = apiKeyProcedure
  .meta({
    bodyVariants: SEND_REQUEST_VARIANTS,
    openapi: {
      method: 'POST',
      path: '/send',
      tags: ['Messages'],
      summary: 'Send an SMS now, at scheduled moments, or on a recurring schedule',
      description:
        'Charges the whole cost of every dispatch at submit (prepaid wallet first, then postpaid). Optional header `Idempotency-Key` (1-255 visible ASCII): the same key and body within 24 h returns the first answer and charges nothing more; another body under the same key answers 409 (1409). Validation errors list every problem in `errors[]` with JSON paths such as `to[3]`. ' +
        'Recipients on your opt-out list (D19) are not sent to and not charged: they count in `suppressed_recipients` and are recorded `failed` with `error_code` `OPTED_OUT`; when every recipient is on the list the answer is 400 (1130) and nothing is created. ' +
        'D22: a `sender_id` without a letter must be one of your numbers or short codes, and in live one with a letter must be one of your approved sender IDs (GET /sender-ids), else 400 (1140) and nothing is created; the sandbox sends an unapproved one with the warning SENDER_ID_NOT_APPROVED.',
    },
    rateLimit: 'send',
    successStatus: 201,
    idempotencyKey: true,
    errors: ['INVALID_REQUEST', 'MISSING_FIELD', 'INVALID_FIELD_FORMAT', 'SCHEDULE_IN_PAST', 'LIMIT_EXCEEDED', 'ALL_RECIPIENTS_OPTED_OUT', 'NO_ROUTE', 'SENDER_ID_NOT_ALLOWED', 'PAYLOAD_TOO_LARGE', 'INSUFFICIENT_BALANCE', 'IDEMPOTENCY_CONFLICT'],
  })
  .input(SendRequest)
  .output(SendResult)
  .mutation(({ ctx, input }) =>
    submitSend(ctx.db, ctx.app, input, {
      now: ctx.now(),
      idempotencyKey: ctx.headers.get('idempotency-key'),
      allowHttpCallbacks: ctx.env.SMS_ENV === 'test',
    }),
  );
