import { z } from 'zod';
import { UnknownFieldWarnings } from './warnings';
import { DbText } from './storable';
import { MAX_RECIPIENTS, PHONE_PATTERN } from './send';
import { PageCursor, PageLimit } from './reconcile';

/**
 * D19, the opt-out list: GET, POST and DELETE /opt-outs (app key) and the
 * dashboard's Opt-outs page share these. Phones are checked for shape here and
 * normalized to E.164 (D3, the organization's default country) by the domain.
 */
export const MAX_OPT_OUT_PHONES = 1000;
export const MAX_OPT_OUT_REASON = 200;
/** A phone as typed (spaces and dashes allowed): longer text is no phone. */
export const MAX_PHONE_INPUT = 32;
/** Rows of one dashboard CSV import (docs/decisions.md D19). */
export const MAX_IMPORT_ROWS = 100_000;
/** Bytes of one dashboard CSV import: 100,000 rows of a phone and a comment fit. */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
/** Refused rows an import report lists (`refused_total` counts them all). */
export const MAX_REFUSED_LISTED = 1000;

export const OPT_OUT_SOURCE_VALUES = ['keyword', 'api', 'dashboard', 'import'] as const;
export type OptOutSourceValue = (typeof OPT_OUT_SOURCE_VALUES)[number];

const codePoints = (s: string) => [...s].length;

const PhoneInput = DbText
  .max(MAX_PHONE_INPUT, `must be at most ${MAX_PHONE_INPUT} characters`)
  .meta({ pattern: PHONE_PATTERN, maxLength: MAX_PHONE_INPUT });

export const Reason = DbText
  .refine((s) => codePoints(s) <= MAX_OPT_OUT_REASON, `must be at most ${MAX_OPT_OUT_REASON} characters`)
  .meta({ description: `Why the phone is on the list, at most ${MAX_OPT_OUT_REASON} characters; empty means none.`, maxLength: MAX_OPT_OUT_REASON, example: 'Asked by phone' });

export const OptOut = z
  .object({
    phone: z.string().meta({ description: 'E.164', example: '+243812345678' }),
    source: z.enum(OPT_OUT_SOURCE_VALUES).meta({ description: '`keyword` (the subscriber replied STOP), `api`, `dashboard` or `import`.' }),
    reason: z.string().nullable(),
    created_at: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'OptOut' });
export type OptOut = z.infer<typeof OptOut>;

export const ListOptOutsInput = z.object({
  phone: PhoneInput.optional().meta({ description: 'Only this phone (normalized like POST /send recipients).' }),
  limit: PageLimit,
  cursor: PageCursor,
});
export type ListOptOutsInput = z.infer<typeof ListOptOutsInput>;

export const OptOutsPage = z.object({ items: z.array(OptOut), next_cursor: z.string().nullable() });
export type OptOutsPage = z.infer<typeof OptOutsPage>;

export const AddOptOutsRequest = z.object({
  phones: z
    .array(PhoneInput)
    .min(1, 'at least one phone is required')
    .max(MAX_OPT_OUT_PHONES, `LIMIT: at most ${MAX_OPT_OUT_PHONES} phones per request`)
    .meta({ description: `1 to ${MAX_OPT_OUT_PHONES} numbers; national numbers use the merchant default country.`, example: ['+243812345678', '0991234567'] }),
  reason: Reason.optional(),
});
export type AddOptOutsRequest = z.infer<typeof AddOptOutsRequest>;

export const AddOptOutsResult = z.object({
  added: z.number().int().meta({ description: 'Phones put on the list by this request (a phone given twice counts once).' }),
  already: z.number().int().meta({ description: 'Phones that were on the list already (their entry is unchanged).' }),
  warnings: UnknownFieldWarnings,
});
export type AddOptOutsResult = z.infer<typeof AddOptOutsResult>;

/** A path parameter: a value that is no phone (U+0000 included) is 404 like an unlisted phone, before any query. */
export const PhoneParam = z.object({ phone: z.string().max(64).meta({ description: 'The phone, URL-encoded (`%2B243812345678`); normalized like POST /send recipients.' }) });

/** A dashboard CSV import's answer: counts, and the refused rows (row 1 is the file's first line). */
export const ImportReport = z.object({
  rows: z.number().int(),
  added: z.number().int(),
  already: z.number().int(),
  refused_total: z.number().int(),
  refused: z.array(z.object({ row: z.number().int(), value: z.string(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof ImportReport>;

/**
 * The compose preview's question (dashboard, D19): which of these numbers (a send's `to`, so at most
 * MAX_RECIPIENTS) are on the organization's list. A POST: 1000 numbers do not fit in a GET's URL.
 */
export const CheckOptOutsInput = z.object({
  phones: z.array(PhoneInput).max(MAX_RECIPIENTS, `LIMIT: at most ${MAX_RECIPIENTS} phones per request`),
});
export type CheckOptOutsInput = z.infer<typeof CheckOptOutsInput>;

/**
 * The phones of the question on the list, each once, in E.164; and (live, D14) those no carrier route takes, which
 * the send records failed NO_ROUTE and does not charge.
 */
export const CheckOptOutsResult = z.object({ opted_out: z.array(z.string()), unroutable: z.array(z.string()) });
export type CheckOptOutsResult = z.infer<typeof CheckOptOutsResult>;
