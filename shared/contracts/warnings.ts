import { z } from 'zod';

/**
 * D12: a field of a JSON body that the endpoint does not know and ignored. v1 accepts such a body as before; the
 * answer says so additively, one entry per field, at most MAX_UNKNOWN_FIELD_WARNINGS.
 */
export const MAX_UNKNOWN_FIELD_WARNINGS = 50;
export const UNKNOWN_FIELD_MESSAGE = 'not a field of this request: it was ignored';

export const UnknownFieldWarning = z
  .object({
    code: z.literal('UNKNOWN_FIELD'),
    field: z.string().meta({ description: 'JSON path of the ignored field in the request body (`colour`, `recurring_schedule.tz`, `scheduled_dates[0].zone`).', example: 'colour' }),
    message: z.string().meta({ example: UNKNOWN_FIELD_MESSAGE }),
  })
  .meta({ id: 'UnknownFieldWarning' });
export type UnknownFieldWarning = z.infer<typeof UnknownFieldWarning>;

/** The `warnings` of an answer to a JSON body (POST /send has its own, SendWarning, which includes these). */
export const UnknownFieldWarnings = z
  .array(UnknownFieldWarning)
  .optional()
  .meta({
    description: `Additive (D12): present only when the body held fields this endpoint does not know; each was ignored (UNKNOWN_FIELD, at most ${MAX_UNKNOWN_FIELD_WARNINGS} entries).`,
  });
