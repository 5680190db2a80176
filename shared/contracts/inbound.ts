import { z } from 'zod';
import { DbText } from './storable';
import { UnknownFieldWarnings } from './warnings';
import { MAX_PHONE_INPUT } from './opt-outs';
import { Moment, PageCursor, PageLimit } from './reconcile';
import { PHONE_PATTERN } from './send';

/**
 * D18, inbound messages (MO): what GET /inbound lists (each item the `data` of the sms.received event plus
 * `inbound_id`) and the sandbox's POST /inbound/simulate.
 */
export const INBOUND_ENCODING_VALUES = ['gsm7', 'latin1', 'ucs2', 'binary'] as const;
export const INBOUND_OPT_OUT_VALUES = ['stop', 'start', 'help'] as const;

/** Characters of a simulated MO's text: a long MO of 255 UCS-2 parts holds about 17,000; a test needs far fewer. */
export const MAX_SIMULATED_TEXT = 1600;

/** An assigned number: a short code (3-7 digits) or a dedicated number (8-15 digits, E.164 without `+`). */
const NumberInput = DbText
  .regex(/^\+?[0-9]{3,15}$/, 'Use the number as assigned: 3 to 15 digits.')
  .meta({ pattern: '^\\+?[0-9]{3,15}$', example: '4321' });

export const InboundItem = z
  .object({
    inbound_id: z.string().meta({ description: 'The MO (`in_…`).', example: 'in_3kT9xQ0mVbZ2pLr8sYw1cD' }),
    from: z.string().meta({ description: 'The sender, E.164.', example: '+243812345678' }),
    to: z.string().meta({ description: 'Your number or short code it was sent to, as assigned.', example: '4321' }),
    keyword: z.string().nullable().meta({ description: 'The keyword it was routed by on a shared short code, as assigned; null for a dedicated number or a catch-all.' }),
    text: z.string().meta({ description: 'The whole text as received, the keyword included (hex for `binary`).' }),
    encoding: z.enum(INBOUND_ENCODING_VALUES).meta({ description: '`gsm7`, `latin1`, `ucs2`, or `binary` (the text is then the octets in hex).' }),
    segments: z.number().int().meta({ description: 'Parts received (1 for a single-part MO).' }),
    complete: z.boolean().meta({ description: 'False when parts of a long MO never arrived (it was delivered after waiting 5 minutes).' }),
    received_at: z.string().meta({ description: 'ISO 8601' }),
    carrier: z.string().meta({ description: 'Label of the connector it came through (`simulator` in the sandbox); informational.' }),
    in_reply_to: z.string().nullable().meta({ description: 'Your latest send to `from` within the 7 days before it (a `message_id`), or null.' }),
    opt_out: z.enum(INBOUND_OPT_OUT_VALUES).nullable().meta({ description: 'What it changed on your opt-out list (D19): `stop`, `start`, `help`, or null.' }),
  })
  .meta({ id: 'InboundMessage' });
export type InboundItem = z.infer<typeof InboundItem>;

export const ListInboundInput = z.object({
  from: DbText
    .max(MAX_PHONE_INPUT, `must be at most ${MAX_PHONE_INPUT} characters`)
    .optional()
    .meta({ description: 'Only MO from this phone (national numbers use your default country).', pattern: PHONE_PATTERN, maxLength: MAX_PHONE_INPUT }),
  to: NumberInput.optional().meta({ description: 'Only MO to this number or short code.' }),
  received_since: Moment.meta({ description: 'Received at or after this moment (a date: from the start of that day, merchant timezone).' }),
  limit: PageLimit,
  cursor: PageCursor,
});
export type ListInboundInput = z.infer<typeof ListInboundInput>;

export const InboundPage = z.object({ items: z.array(InboundItem), next_cursor: z.string().nullable() });
export type InboundPage = z.infer<typeof InboundPage>;

export const SimulateInboundRequest = z.object({
  from: DbText
    .max(MAX_PHONE_INPUT, `must be at most ${MAX_PHONE_INPUT} characters`)
    .meta({ description: 'The sender (national numbers use your default country).', pattern: PHONE_PATTERN, maxLength: MAX_PHONE_INPUT, example: '+243812345678' }),
  to: NumberInput.meta({ description: 'One of your numbers or short codes.' }),
  text: DbText
    .refine((s) => [...s].length <= MAX_SIMULATED_TEXT, `must be at most ${MAX_SIMULATED_TEXT} characters`)
    .meta({ description: `The text, 0 to ${MAX_SIMULATED_TEXT} characters; on a shared short code its first word picks the keyword.`, maxLength: MAX_SIMULATED_TEXT, example: 'Hello' }),
});
export type SimulateInboundRequest = z.infer<typeof SimulateInboundRequest>;

export const SimulateInboundResult = z.object({ inbound_id: z.string().meta({ example: 'in_3kT9xQ0mVbZ2pLr8sYw1cD' }), warnings: UnknownFieldWarnings });
export type SimulateInboundResult = z.infer<typeof SimulateInboundResult>;

/** The operator console's unrouted MO (D18): what no number routed to an app, newest first. */
export const ListUnroutedInboundInput = z.object({
  cursor: DbText.min(1).max(200).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListUnroutedInboundInput = z.input<typeof ListUnroutedInboundInput>;

export const UnroutedInboundView = z.object({
  inbound_id: z.string(),
  from: z.string(),
  /** The destination as the carrier gave it. */
  to: z.string(),
  text: z.string(),
  encoding: z.enum(INBOUND_ENCODING_VALUES),
  segments: z.number().int(),
  complete: z.boolean(),
  carrier: z.string(),
  received_at: z.string(),
});
export type UnroutedInboundView = z.infer<typeof UnroutedInboundView>;

export const UnroutedInboundPage = z.object({ items: z.array(UnroutedInboundView), next_cursor: z.string().nullable() });
export type UnroutedInboundPage = z.infer<typeof UnroutedInboundPage>;
