import { MAX_SENDER_ID, SENDER_ID_LENGTH_MESSAGE, type SendRequest, type SendWarning } from '@/shared/contracts/send';
import { validationError, type ValidationIssue } from '@/shared/errors/validation';
import { expandRecurring, resolveScheduledDates } from '@/shared/schedules/schedules';
import { analyzeMessage, type Encoding } from './segments';
import { smartEncode, type SmartEncoded, type SmartEncodingMode } from './smart-encoding';
import { checkPhone } from './phone';
import { fieldProblemText } from '@/shared/validation/field-problems';

/** Pre-computed SMS of a recurring schedule (recipients x segments x occurrences), D4. */
export const MAX_RECURRING_SMS = 5000;

/** The contract's sending types (the same three as messages.sending_type, db/schema/messages.ts). */
type SendingType = NonNullable<SendRequest['sending_type']>;

export type SendPlan = {
  sendingType: SendingType;
  /** The text as sent (D21: after smart encoding). */
  body: string;
  /** D21: the text as written, when smart encoding replaced characters in it; else null. */
  originalBody: string | null;
  smartEncoding: SmartEncoded;
  senderId: string | null;
  encoding: Encoding;
  segments: number;
  /** E.164 numbers in request order, duplicates kept. */
  recipients: string[];
  /** Accepted recipients worth a second look (unlikely numbers), in request order. */
  warnings: SendWarning[];
  /** One entry per dispatch: null = immediate. Ascending for scheduled/recurring. */
  dispatchTimes: Array<Date | null>;
  callbackUrl: string | null;
  schedule: unknown;
};

/** `smartEncoding`: the organization's mode for a request that names none (D21); absent: `off`. */
export type SendOrg = { timezone: string; defaultCountry: string; smartEncoding?: SmartEncodingMode };

export type PlanOptions = {
  allowHttpCallbacks: boolean;
  /**
   * D18: the sender_id, longer than the ordinary 11 characters, is one of the sending app's numbers (the caller
   * looked it up: server/domain/numbers/sender-number.ts). Absent or false, such a sender_id gets the ordinary error.
   */
  senderIsAppNumber?: boolean;
};

/**
 * Stage 2 of POST /send validation (stage 1 is the zod contract): sending-type
 * conflicts and requirements, phone normalization (every bad index; unlikely
 * numbers are kept, with a warning), a sender_id longer than 11 characters (only
 * one of the app's numbers, D18), the callback URL, and the schedule (D4).
 * Throws one ApiError listing every issue.
 */
export function planSend(input: SendRequest, org: SendOrg, now: Date, opts: PlanOptions): SendPlan {
  const issues: ValidationIssue[] = [];
  const type: SendingType = input.sending_type ?? 'immediate';
  const hasDates = input.scheduled_dates !== undefined;
  const hasRecurring = input.recurring_schedule !== undefined;

  if (type === 'immediate') {
    if (hasDates) issues.push({ field: 'scheduled_dates', code: 'INVALID_FIELD_FORMAT', message: "must not be present when sending_type is 'immediate'" });
    if (hasRecurring) issues.push({ field: 'recurring_schedule', code: 'INVALID_FIELD_FORMAT', message: "must not be present when sending_type is 'immediate'" });
  } else if (type === 'scheduled') {
    if (hasRecurring) issues.push({ field: 'recurring_schedule', code: 'INVALID_FIELD_FORMAT', message: "must not be present when sending_type is 'scheduled'" });
    if (!input.scheduled_dates?.length) issues.push({ field: 'scheduled_dates', code: 'MISSING_FIELD', message: "a non-empty scheduled_dates is required when sending_type is 'scheduled'" });
  } else {
    if (hasDates) issues.push({ field: 'scheduled_dates', code: 'INVALID_FIELD_FORMAT', message: "must not be present when sending_type is 'recurring'" });
    if (!hasRecurring) issues.push({ field: 'recurring_schedule', code: 'MISSING_FIELD', message: "recurring_schedule is required when sending_type is 'recurring'" });
  }

  const recipients: string[] = [];
  const warnings: SendWarning[] = [];
  input.to.forEach((raw, i) => {
    const n = checkPhone(raw, org.defaultCountry);
    if (!n.ok) issues.push({ field: `to[${i}]`, code: 'INVALID_FIELD_FORMAT', message: n.reason });
    else {
      recipients.push(n.e164);
      if (n.warning) warnings.push({ index: i, phone: n.e164, code: n.warning.code, message: n.warning.message });
    }
  });

  // The contract lets a 12-15 digit sender_id through for this check (LONG_NUMBER_SENDER).
  if (input.sender_id !== undefined && input.sender_id.length > MAX_SENDER_ID && !opts.senderIsAppNumber) {
    issues.push({ field: 'sender_id', code: 'INVALID_FIELD_FORMAT', message: SENDER_ID_LENGTH_MESSAGE });
  }

  if (input.callback_url !== undefined && !callbackUrlOk(input.callback_url, opts.allowHttpCallbacks)) {
    issues.push({
      field: 'callback_url',
      code: 'INVALID_FIELD_FORMAT',
      message: fieldProblemText(opts.allowHttpCallbacks ? 'callbackHttp' : 'callbackHttps'),
    });
  }

  // Postgres text cannot hold U+0000 (it would be a 500 at insert time); SMPP's decoded text reaches here unchecked by a contract.
  if (input.message.includes('\u0000')) issues.push({ field: 'message', code: 'INVALID_FIELD_FORMAT', message: fieldProblemText('noNul') });
  const smart = smartEncode(input.message, input.smart_encoding ?? org.smartEncoding ?? 'off');
  const analysis = analyzeMessage(smart.text);
  if (issues.length) throw validationError(issues);

  let dispatchTimes: Array<Date | null> = [null];
  let schedule: unknown = null;
  if (type === 'scheduled') {
    const r = resolveScheduledDates(input.scheduled_dates!, org.timezone, now);
    if (!r.ok) throw validationError(r.issues);
    dispatchTimes = [...r.instants].sort((a, b) => a.getTime() - b.getTime());
    schedule = { scheduled_dates: input.scheduled_dates };
  } else if (type === 'recurring') {
    const perOccurrence = recipients.length * analysis.segments;
    const maxOccurrences = Math.floor(MAX_RECURRING_SMS / perOccurrence);
    const r = expandRecurring(input.recurring_schedule!, org.timezone, now, { maxOccurrences: Math.max(maxOccurrences, 0) });
    if (!r.ok) {
      throw validationError(
        r.issues.map((i) =>
          i.code === 'LIMIT_EXCEEDED'
            ? { ...i, message: `the schedule pre-computes more than ${MAX_RECURRING_SMS} SMS (recipients x segments x occurrences)`, problem: { code: 'tooManySms' as const, max: String(MAX_RECURRING_SMS) } }
            : i,
        ),
      );
    }
    if (r.instants.length * perOccurrence > MAX_RECURRING_SMS) {
      throw validationError([{ field: 'recurring_schedule', code: 'LIMIT_EXCEEDED', message: `the schedule pre-computes more than ${MAX_RECURRING_SMS} SMS (recipients x segments x occurrences)` }]);
    }
    dispatchTimes = r.instants;
    schedule = { recurring_schedule: { ...input.recurring_schedule, end_date: input.recurring_schedule!.end_date ?? null } };
  }

  return {
    sendingType: type,
    body: smart.text,
    originalBody: smart.applied ? input.message : null,
    smartEncoding: smart,
    senderId: input.sender_id ?? null,
    encoding: analysis.encoding,
    segments: analysis.segments,
    recipients,
    warnings,
    dispatchTimes,
    callbackUrl: input.callback_url ?? null,
    schedule,
  };
}

function callbackUrlOk(value: string, allowHttp: boolean): boolean {
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
}

