// From the compose form to the POST /send body, and from the send's
// validation errors (JSON paths, D7) back to the form's fields.
import { SendRequest as SendRequestContract, type SendRequest } from '@/shared/contracts/send';
import type { SmartEncodingMode } from '@/shared/messages/smart-encoding';
import { ApiError, type FieldError } from '@/shared/errors/api-error';
import { fromZodError } from '@/shared/errors/from-zod';
import { planSend, type PlanOptions, type SendOrg } from '../validate-send';
import type { ComposeSchedule } from './preview';
import { entryLabel, type RecipientEntry } from './parse-recipients';

export type ComposeForm = {
  entries: RecipientEntry[];
  message: string;
  senderId: string;
  callbackUrl: string;
  schedule: ComposeSchedule;
  /** D21: named on every dashboard send (the form starts from the organization's setting). */
  smartEncoding?: SmartEncodingMode;
};

/** The body POST /send would receive; recipients go as typed, so `to[i]` is entry i. */
export function toSendRequest(f: ComposeForm): SendRequest {
  const req: SendRequest = { to: f.entries.map((e) => e.value), message: f.message, sending_type: f.schedule.kind };
  if (f.smartEncoding) req.smart_encoding = f.smartEncoding;
  if (f.senderId.trim()) req.sender_id = f.senderId.trim();
  if (f.callbackUrl.trim()) req.callback_url = f.callbackUrl.trim();
  if (f.schedule.kind === 'scheduled') req.scheduled_dates = f.schedule.dates;
  if (f.schedule.kind === 'recurring') req.recurring_schedule = f.schedule.rule;
  return req;
}

/**
 * Where each error is shown. Keys: `recipients`, `message`, `sender_id`,
 * `callback_url`, `scheduled_dates` (the list), `scheduled_dates.<i>` (one pair),
 * `recurring.<field>` (start_date, end_date, frequency, interval, times),
 * `recurring`, `schedule`, and `form` for anything else. Several messages per
 * key are kept in order (the recipients box lists every bad line).
 */
export type ComposeErrors = Record<string, string[]>;

/** How composeErrors names the entry or time a message is about; the page passes its language's (D23). */
export type ProblemLabels = {
  /** `Line 3 (“0812”)` */
  entry: (e: RecipientEntry) => string;
  /** `Recipient 4`, an index no entry has */
  recipient: (n: number) => string;
  /** `Time 2 (“25:00”)`, `Time 2` */
  time: (n: number, value: string | undefined) => string;
  /** `<label>: <message>` */
  withMessage: (label: string, message: string) => string;
};

export const ENGLISH_LABELS: ProblemLabels = {
  entry: (e) => `${entryLabel(e)} (“${e.value}”)`,
  recipient: (n) => `Recipient ${n}`,
  time: (n, value) => `Time ${n}${value !== undefined ? ` (“${value}”)` : ''}`,
  withMessage: (label, message) => `${label}: ${message}`,
};

export function composeErrors(errors: FieldError[], entries: RecipientEntry[], times: string[] = [], labels: ProblemLabels = ENGLISH_LABELS): ComposeErrors {
  const out: ComposeErrors = {};
  const add = (key: string, message: string) => (out[key] ??= []).push(message);
  for (const { field, message } of errors) {
    let m: RegExpExecArray | null;
    if ((m = /^to\[(\d+)\]$/.exec(field))) {
      const i = Number(m[1]);
      const e = entries[i];
      add('recipients', labels.withMessage(e ? labels.entry(e) : labels.recipient(i + 1), message));
    } else if (field === 'to') add('recipients', message);
    else if (field === 'message' || field === 'sender_id' || field === 'callback_url') add(field, message);
    else if ((m = /^scheduled_dates\[(\d+)\](?:\.(date|time))?$/.exec(field))) add(`scheduled_dates.${m[1]}`, message);
    else if (field === 'scheduled_dates') add('scheduled_dates', message);
    else if ((m = /^recurring_schedule\.times\[(\d+)\]$/.exec(field))) {
      const i = Number(m[1]);
      add('recurring.times', labels.withMessage(labels.time(i + 1, times[i]), message));
    } else if ((m = /^recurring_schedule\.(start_date|end_date|frequency|interval|times)$/.exec(field))) add(`recurring.${m[1]}`, message);
    else if (field === 'recurring_schedule') add('recurring', message);
    else if (field === 'sending_type') add('schedule', message);
    else if (field === 'app_id') add('app', message);
    else add('form', field && field !== '(body)' ? `${field}: ${message}` : message);
  }
  return out;
}

/**
 * Every problem POST /send would report for this body, found in the browser by
 * the server's own two stages: the SendRequest contract, then planSend (phones,
 * conflicts, schedule). Only the balance (1202) is left for the server.
 */
export function checkSendRequest(req: SendRequest, org: SendOrg, now: Date, opts: PlanOptions): FieldError[] {
  const parsed = SendRequestContract.safeParse(req);
  if (!parsed.success) return fromZodError(parsed.error, req, 'envelope').options.errors ?? [];
  try {
    planSend(parsed.data, org, now, opts);
    return [];
  } catch (e) {
    if (e instanceof ApiError) return e.options.errors?.length ? e.options.errors : [{ field: '(body)', message: e.message }];
    throw e;
  }
}
