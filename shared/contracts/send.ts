import { z } from 'zod';
import { DATE_RANGE_MESSAGE, DbText, isDateInRange } from './storable';
import { UnknownFieldWarnings } from './warnings';
import { SMART_ENCODING_MODES } from '@/shared/messages/smart-encoding';
import { fieldProblemText } from '@/shared/validation/field-problems';

/**
 * POST /send. This schema checks JSON types, presence and per-field formats
 * (zod issues map to D7: wrong type 1100, absent 1101, `LIMIT:` 1121, else 1110).
 * Cross-field rules, phone normalization and schedules are checked by
 * shared/messages/validate-send.ts once this passes.
 */
export const MAX_RECIPIENTS = 1000;
export const MAX_SCHEDULED_DATES = 20;
export const MAX_MESSAGE_CHARS = 1600;
export const MAX_SENDER_ID = 11;
export const SENDER_ID_LENGTH_MESSAGE = fieldProblemText('senderIdLength', { max: MAX_SENDER_ID });
/**
 * D18: a dedicated number too long for the ordinary rule (12-15 digits, numbers.number's shape). This contract lets
 * it through; the send accepts it only when it is one of the sending app's numbers (planSend's `senderIsAppNumber`),
 * else it answers the ordinary length error.
 */
export const LONG_NUMBER_SENDER = /^[1-9][0-9]{11,14}$/;
export const MAX_CALLBACK_URL = 2048;

const codePoints = (s: string) => [...s].length;

/**
 * What the checks below enforce, stated for the OpenAPI document (generated
 * validators must reject what the server rejects). JSON Schema counts string
 * length in code points, as D1 does. The server checks more (real dates,
 * times that exist in the merchant timezone, phone numbers a phone library
 * accepts): those answer 400 with the field named.
 */
export const PHONE_PATTERN = '^[\\s-]*(?:\\+(?:[\\s-]*[0-9]){7,}|(?:[\\s-]*[0-9]){8,})[\\s-]*$';
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const TIME_PATTERN = '^(?:[01]\\d|2[0-3]):[0-5]\\d$';
/** D3: spaces and dashes removed, at least 8 characters of digits with an optional leading '+'. */
const phoneShapeOk = (s: string) => {
  const compact = s.replace(/[\s-]+/g, '');
  return compact.length >= 8 && /^\+?[0-9]+$/.test(compact);
};

export const ScheduledDateInput = z.object({
  date: DbText.refine(isDateInRange, DATE_RANGE_MESSAGE).meta({ description: 'YYYY-MM-DD in the merchant timezone.', example: '2026-12-24', pattern: DATE_PATTERN }),
  time: DbText.meta({ description: '24-hour HH:mm in the merchant timezone.', example: '09:30', pattern: TIME_PATTERN }),
});

export const RecurringScheduleInput = z.object({
  start_date: DbText.refine(isDateInRange, DATE_RANGE_MESSAGE).meta({ description: 'YYYY-MM-DD, first eligible day.', example: '2026-12-01', pattern: DATE_PATTERN }),
  end_date: DbText.refine(isDateInRange, DATE_RANGE_MESSAGE)
    .meta({ pattern: DATE_PATTERN })
    .nullish()
    .meta({ description: 'YYYY-MM-DD, inclusive; absent or null: 365 days from start_date.', example: '2026-12-31' }),
  frequency: z.enum(['daily', 'weekly', 'monthly', 'yearly'], { error: "must be one of 'daily', 'weekly', 'monthly', 'yearly'" }),
  interval: z
    .number()
    .refine(Number.isInteger, 'must be an integer')
    .refine((n) => n >= 1, 'must be at least 1')
    .meta({ example: 1, type: 'integer', minimum: 1 }),
  times: z
    .array(DbText.meta({ pattern: TIME_PATTERN }))
    .min(1, 'at least one HH:mm time is required')
    .meta({ example: ['09:00', '18:00'] }),
});

export const SendRequest = z
  .object({
    to: z
      .array(
        DbText
          .refine(phoneShapeOk, 'must be a phone number: at least 8 digits after removing spaces and dashes, optional leading +')
          .meta({ pattern: PHONE_PATTERN }),
      )
      .min(1, 'at least one recipient is required')
      .max(MAX_RECIPIENTS, `LIMIT: at most ${MAX_RECIPIENTS} recipients per send`)
      .meta({ description: 'Up to 1000 numbers; national numbers use the merchant default country.', example: ['+243812345678', '0991234567'] }),
    message: DbText
      .refine((s) => codePoints(s) >= 1, fieldProblemText('empty'))
      .refine((s) => codePoints(s) <= MAX_MESSAGE_CHARS, fieldProblemText('maxChars', { max: MAX_MESSAGE_CHARS }))
      .meta({
        description: '1 to 1600 characters (code points). Billed per segment (GSM-7 160/153, UCS-2 70/67).',
        example: 'Your code is 123456',
        minLength: 1,
        maxLength: MAX_MESSAGE_CHARS,
      }),
    sender_id: DbText
      .refine((s) => (s.length >= 1 && s.length <= MAX_SENDER_ID) || LONG_NUMBER_SENDER.test(s), SENDER_ID_LENGTH_MESSAGE)
      .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), fieldProblemText('noControl'))
      .meta({ minLength: 1, maxLength: 15, pattern: '^(?:[^\\u0000-\\u001f\\u007f]{1,11}|[1-9][0-9]{11,14})$' })
      .optional()
      .meta({ example: 'ACME', description:
        "1 to 11 characters; or one of the sending app's numbers (D18), whatever its length. D22: a sender_id without a letter must be one of your " +
        'organization\'s numbers or short codes (else 400, 1140); in live, one with a letter must be one of your approved sender IDs (else 1140; ' +
        'the sandbox sends it with the warning SENDER_ID_NOT_APPROVED). Absent: the platform default sender ID (live).',
    }),
    sending_type: z
      .enum(['immediate', 'scheduled', 'recurring'], { error: "must be one of 'immediate', 'scheduled', 'recurring'" })
      .optional()
      .meta({ description: 'Default immediate.' }),
    scheduled_dates: z
      .array(ScheduledDateInput)
      .max(MAX_SCHEDULED_DATES, `LIMIT: at most ${MAX_SCHEDULED_DATES} scheduled_dates per send`)
      .optional()
      .meta({ description: 'Required (non-empty) for scheduled; each pair is a separate dispatch.' }),
    recurring_schedule: RecurringScheduleInput.optional().meta({ description: 'Required for recurring.' }),
    smart_encoding: z
      .enum(SMART_ENCODING_MODES, { error: "must be one of 'off', 'lookalikes', 'transliterate'" })
      .optional()
      .meta({
        description:
          "Additive (D21). `lookalikes` replaces typographic quotes, dashes, the ellipsis, Unicode spaces and the bullet by their GSM-7 equivalents; `transliterate` also replaces each letter GSM-7 lacks by its letter without accent (ê -> e, œ -> oe). Used only when the whole result is GSM-7, else the text goes unchanged as UCS-2. The text as sent is what phones get and what segments and cost count. Absent: the organization's setting (`off` unless an owner changed it); `off` is v1's behaviour.",
      }),
    callback_url: DbText
      .refine((s) => s.length <= MAX_CALLBACK_URL, fieldProblemText('maxChars', { max: MAX_CALLBACK_URL }))
      .meta({ format: 'uri', maxLength: MAX_CALLBACK_URL })
      .optional()
      .meta({ description: "Absolute https URL that receives this send's events instead of the key's webhook_url.", example: 'https://example.com/sms-events' }),
  })
  .meta({
    id: 'SendRequest',
    description: 'One of three shapes: immediate (sending_type absent or "immediate"), scheduled, recurring (D4).',
  });
export type SendRequest = z.infer<typeof SendRequest>;

/**
 * The conditional requirements of D4 as OpenAPI variants of the body (exactly
 * one matches), so generated validators see them; stated beside the schema,
 * applied to the document through the procedure's meta (`bodyVariants`).
 */
const SCHEDULED_DATES_PRESENT = { required: ['scheduled_dates'], properties: { scheduled_dates: { type: 'array' } } };
const RECURRING_PRESENT = { required: ['recurring_schedule'], properties: { recurring_schedule: { type: 'object' } } };
export const SEND_REQUEST_VARIANTS = [
  {
    title: 'Immediate',
    properties: { sending_type: { const: 'immediate' } },
    not: { anyOf: [SCHEDULED_DATES_PRESENT, RECURRING_PRESENT] },
  },
  {
    title: 'Scheduled',
    required: ['sending_type', 'scheduled_dates'],
    properties: { sending_type: { const: 'scheduled' }, scheduled_dates: { type: 'array', minItems: 1 } },
    not: RECURRING_PRESENT,
  },
  {
    title: 'Recurring',
    required: ['sending_type', 'recurring_schedule'],
    properties: { sending_type: { const: 'recurring' } },
    not: SCHEDULED_DATES_PRESENT,
  },
];

export const SEND_WARNING_CODES = ['UNLIKELY_NUMBER', 'SENDER_ID_NOT_APPROVED', 'NO_ROUTE', 'UNKNOWN_FIELD'] as const;

/** D22's sandbox warning: what live would refuse (1140), said while the sandbox still sends. */
export const SENDER_ID_NOT_APPROVED_MESSAGE = 'this sender ID is not approved for your organization: a live send from it would be refused (1140)';

/** Something about an accepted send its author may want to fix; it was still accepted and charged. */
export const SendWarning = z
  .object({
    index: z.number().int().optional().meta({ description: 'Position in `to`, from 0 (recipient warnings only).', example: 0 }),
    phone: z.string().optional().meta({ description: 'The number as normalized to E.164, and sent (recipient warnings only).', example: '+2432025550123' }),
    field: z.string().optional().meta({ description: 'The field a warning about the whole send concerns: `sender_id` (SENDER_ID_NOT_APPROVED), or the JSON path of a field that was ignored (UNKNOWN_FIELD).', example: 'sender_id' }),
    code: z.enum(SEND_WARNING_CODES).meta({
      description:
        "UNLIKELY_NUMBER: the number is possible (D3 accepts it) but in no range of its country's numbering plan, so carriers will most likely refuse it; often a foreign number written without + and its country code. " +
        'SENDER_ID_NOT_APPROVED (sandbox only, D22): `sender_id` is not one of your approved sender IDs; the sandbox sends it, live would refuse the send with 1140. ' +
        'NO_ROUTE (live only, D14): no carrier route takes the number; it is recorded `failed` with `error_code` `NO_ROUTE` at price 0, neither sent nor charged, and counted in `unroutable_recipients`. ' +
        'UNKNOWN_FIELD (D12): the body held a field POST /send does not know (`field`, its JSON path); it was ignored, as v1 ignores it.',
    }),
    message: z.string(),
  })
  .meta({ id: 'SendWarning' });
export type SendWarning = z.infer<typeof SendWarning>;

/** D21: how the send's text was encoded, in the 201. */
export const SmartEncodingResult = z
  .object({
    mode: z.enum(SMART_ENCODING_MODES).meta({ description: 'The mode used: the request\'s smart_encoding, else the organization\'s setting.' }),
    applied: z.boolean().meta({ description: 'True when the replacement was used: it changed the text and the result is all GSM-7.' }),
    replaced_characters: z.number().int().meta({ description: 'Characters of the original replaced (Œ -> OE counts one); 0 when not applied.', example: 0 }),
  })
  .meta({ id: 'SmartEncodingResult' });

export const SendResult = z
  .object({
    message_id: z.string().meta({ example: 'msg_5fQe2cW3m1m9T0kq8B2xYz' }),
    total_recipients: z.number().int().meta({ description: 'The length of `to`, opted-out recipients included.', example: 2 }),
    suppressed_recipients: z.number().int().meta({
      description:
        'Additive (D19): recipients of `to` on your opt-out list, 0 when none. They are not sent to and not charged: each is recorded `failed` with `error_code` `OPTED_OUT` and price 0 (with its `sms.failed` event) and counts as failed in GET /status. When every recipient is on the list the answer is 400 (1130) instead.',
      example: 0,
    }),
    unroutable_recipients: z.number().int().optional().meta({
      description:
        'Additive (D14): recipients of `to` that no carrier route takes (live only; in the sandbox the simulator takes every number), 0 when none. They are not sent to and not charged: each is recorded `failed` with `error_code` `NO_ROUTE`, `retryable` false and price 0 (with its `sms.failed` event), and named in `warnings`. When no recipient is left the answer is 400 (1132) instead. Present in every 201 (absent only in the replay of an answer first given before it existed).',
      example: 0,
    }),
    total_messages: z.number().int().meta({ description: 'Recipients x segments x dispatches, the suppressed and unroutable recipients left out.', example: 2 }),
    total_cost: z.number().meta({ description: 'Deducted at submit; the suppressed and unroutable recipients cost nothing.', example: 0.038 }),
    currency: z.string().meta({ example: 'USD' }),
    status: z.literal('pending'),
    sending_type: z.enum(['immediate', 'scheduled', 'recurring']),
    encoding: z
      .enum(['gsm7', 'ucs2'])
      .optional()
      .meta({ description: 'Additive (D21): the encoding of the text as sent. Present in every 201 (absent only in the replay of an answer first given before it existed).', example: 'gsm7' }),
    smart_encoding: SmartEncodingResult.optional().meta({ description: 'Additive (D21): the smart encoding used. Present in every 201, as `encoding`.' }),
    warnings: z
      .array(SendWarning)
      .optional()
      .meta({ description: 'Additive: present only when there is something to say: one entry per recipient concerned, after a SENDER_ID_NOT_APPROVED entry about the sender_id when there is one, then one UNKNOWN_FIELD entry per ignored field of the body (at most 50). The send was accepted and charged all the same.' }),
  })
  .meta({ id: 'SendResult' });
export type SendResult = z.infer<typeof SendResult>;

export const MESSAGE_STATUSES = ['pending', 'processing', 'delivered', 'failed', 'partially_delivered', 'paused', 'cancelled'] as const;

export const MessageStatus = z
  .object({
    message_id: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    total_recipients: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int().meta({ description: 'Deliveries (recipient x dispatch) not yet terminal and not cancelled.' }),
    cancelled: z.number().int().meta({ description: 'Deliveries that will never be attempted (cancelled or skipped while paused).' }),
    created_at: z.string(),
    updated_at: z.string(),
    sending_type: z.enum(['immediate', 'scheduled', 'recurring']),
    total_messages: z.number().int(),
    total_cost: z.number(),
    refunded_amount: z.number().meta({
      description:
        'What went back to the wallets for this send so far (D20): the price of every recipient that failed before any carrier accepted it, and the cost of dispatches cancelled or skipped while paused. total_cost and each recipient\'s price still show what was charged.',
      example: 0.02,
    }),
    currency: z.string(),
    dispatches_total: z.number().int(),
    dispatches_done: z.number().int(),
    next_dispatch_at: z.string().nullable(),
  })
  .meta({ id: 'MessageStatus' });
export type MessageStatus = z.infer<typeof MessageStatus>;

export const ControlResult = MessageStatus.extend({
  refunded_amount: z.number().meta({
    description: "What this call returned to the wallets (D6): cancel and resume their refund, pause 0. GET /status's refunded_amount is the send's total.",
  }),
  warnings: UnknownFieldWarnings,
}).meta({ id: 'ControlResult' });
