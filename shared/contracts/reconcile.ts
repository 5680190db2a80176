import { z } from 'zod';
import { DATE_RANGE_MESSAGE, DbText, isDateInRange } from './storable';
import { MESSAGE_STATUSES, MessageStatus } from './send';

/**
 * D17, reconciliation: the caller's messages and each message's deliveries,
 * by cursor pages. Query strings arrive as text: limits are parsed here.
 */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 100;

/** `limit` of a cursor-paged list (query string text, parsed here). */
export const PageLimit = DbText
  .regex(/^\d{1,3}$/, `Use a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_PAGE_LIMIT, `Use a whole number from 1 to ${MAX_PAGE_LIMIT}.`)
  .optional()
  .meta({ description: `Page size, 1 to ${MAX_PAGE_LIMIT} (default ${DEFAULT_PAGE_LIMIT}).` });
/** `cursor` of a cursor-paged list: the previous page's `next_cursor`. */
export const PageCursor = DbText.min(1).max(200).optional().meta({ description: 'The `next_cursor` of the previous page.' });
/** An instant with its offset (RFC 3339), or a date read in the merchant timezone. */
export const Moment = DbText
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'Use an ISO 8601 date (YYYY-MM-DD) or date-time with offset.')
  .refine(isDateInRange, DATE_RANGE_MESSAGE)
  .optional();

export const ListApiMessagesInput = z.object({
  status: z.enum(MESSAGE_STATUSES).optional().meta({ description: 'Aggregate status (D5).' }),
  sending_type: z.enum(['immediate', 'scheduled', 'recurring']).optional(),
  created_from: Moment.meta({ description: 'Created at or after this moment (a date: from the start of that day, merchant timezone).' }),
  created_to: Moment.meta({ description: 'Created at or before this moment (a date: to the end of that day, merchant timezone).' }),
  updated_since: Moment.meta({ description: 'Changed (any counter or state) at or after this moment.' }),
  limit: PageLimit,
  cursor: PageCursor,
});
export type ListApiMessagesInput = z.infer<typeof ListApiMessagesInput>;

export const MessagesPage = z.object({ items: z.array(MessageStatus), next_cursor: z.string().nullable() });

/** A recipient's delivery state: declared once, for the API, the dashboard and the message_recipients column. */
export const RECIPIENT_STATE_VALUES = ['pending', 'processing', 'sent', 'delivered', 'failed', 'cancelled'] as const;

export const ListApiRecipientsInput = z.object({
  message_id: DbText,
  state: z.enum(RECIPIENT_STATE_VALUES).optional(),
  limit: PageLimit,
  cursor: PageCursor,
});
export type ListApiRecipientsInput = z.infer<typeof ListApiRecipientsInput>;

export const RecipientDelivery = z
  .object({
    phone: z.string().meta({ description: 'E.164' }),
    state: z.enum(RECIPIENT_STATE_VALUES),
    dispatch_at: z.string().nullable().meta({ description: 'The dispatch moment (ISO 8601), null for an immediate send.' }),
    price: z.number().meta({ description: 'Price per segment applied to this recipient.' }),
    segments: z.number().int(),
    error_code: z.string().nullable(),
    error_message: z.string().nullable(),
    carrier: z.string().nullable(),
    carrier_message_id: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'RecipientDelivery' });
export type RecipientDelivery = z.infer<typeof RecipientDelivery>;

export const RecipientsPage = z.object({ items: z.array(RecipientDelivery), next_cursor: z.string().nullable() });
