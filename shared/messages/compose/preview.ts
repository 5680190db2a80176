// The compose form's live preview: encoding and segments, recipients, the
// dispatch moments and the cost, computed in the browser with the same
// functions the server charges with (segments, phone, pricing, schedules).
import type Decimal from 'decimal.js';
import { computeCost, createPriceResolver, type PricingRow } from '@/shared/pricing/pricing';
import { expandRecurring, resolveScheduledDates, type RecurringSchedule, type ScheduledDate, type ScheduleIssue } from '@/shared/schedules/schedules';
import { analyzeMessage, type MessageAnalysis } from '../segments';
import { smartEncode, type SmartEncoded, type SmartEncodingMode } from '../smart-encoding';
import { checkPhone, type PhoneProblem } from '../phone';
import { MAX_RECURRING_SMS } from '../validate-send';
import type { RecipientEntry } from './parse-recipients';

export type ComposeSchedule =
  | { kind: 'immediate' }
  | { kind: 'scheduled'; dates: ScheduledDate[] }
  | { kind: 'recurring'; rule: RecurringSchedule };

export type ComposeOrg = { timezone: string; defaultCountry: string; defaultPrice: string; rows: PricingRow[] };

export type InvalidRecipient = { index: number; entry: RecipientEntry; reason: string; problem: PhoneProblem };
/** An accepted entry POST /send will warn about (UNLIKELY_NUMBER): sent and billed, but most likely refused. */
export type UnlikelyRecipient = { index: number; entry: RecipientEntry; e164: string; message: string; where: string };
/** `isDefault`: the line of numbers no pricing row matches (its `label` is English; the page names it in its language). */
export type CostLine = { label: string; isDefault: boolean; recipients: number; price: string; subtotal: Decimal };

export type ComposePreview = {
  /** The text as it will be sent (D21: after smart encoding), which segments and cost count. */
  analysis: MessageAnalysis;
  smart: SmartEncoded;
  /**
   * `skipped`: valid entries on the organization's opt-out list (D19); `unroutable`: the distinct numbers no carrier
   * route takes (D14, live). The send records both failed, unsent and unbilled.
   */
  recipients: { total: number; valid: string[]; invalid: InvalidRecipient[]; unlikely: UnlikelyRecipient[]; duplicates: number; skipped: number; unroutable: string[] };
  /** Future dispatch moments, ascending; [null] for an immediate send. */
  dispatches: Array<Date | null>;
  scheduleIssues: ScheduleIssue[];
  /** recipients x segments x dispatches, over the valid recipients not skipped. */
  smsCount: number;
  cost: Decimal;
  costLines: CostLine[];
};

export function composePreview(input: {
  message: string;
  entries: RecipientEntry[];
  schedule: ComposeSchedule;
  org: ComposeOrg;
  now: Date;
  smartEncoding?: SmartEncodingMode;
}): ComposePreview {
  const smart = smartEncode(input.message, input.smartEncoding ?? 'off');
  const analysis = analyzeMessage(smart.text);
  const valid: string[] = [];
  const invalid: InvalidRecipient[] = [];
  const unlikely: UnlikelyRecipient[] = [];
  input.entries.forEach((entry, index) => {
    const n = checkPhone(entry.value, input.org.defaultCountry);
    if (!n.ok) invalid.push({ index, entry, reason: n.reason, problem: n.problem });
    else {
      valid.push(n.e164);
      if (n.warning) unlikely.push({ index, entry, e164: n.e164, message: n.warning.message, where: n.warning.where });
    }
  });
  const duplicates = valid.length - new Set(valid).size;

  const { dispatches, issues } = dispatchesOf(input.schedule, input.org.timezone, input.now, valid.length * Math.max(analysis.segments, 1));
  return {
    analysis,
    smart,
    recipients: { total: input.entries.length, valid, invalid, unlikely, duplicates, skipped: 0, unroutable: [] },
    dispatches,
    scheduleIssues: issues,
    ...costOf(valid, analysis.segments, dispatches.length, input.org),
  };
}

/**
 * The preview once the server said which valid numbers the send will not send to: those on the opt-out list (D19,
 * counted as `skipped`) and those no carrier route takes (D14, named in `unroutable`); the SMS count and the cost
 * leave both out, as the send's charge does.
 */
export function skipOptedOut(preview: ComposePreview, optedOut: ReadonlySet<string>, org: ComposeOrg, unroutable: ReadonlySet<string> = new Set()): ComposePreview {
  if (!optedOut.size && !unroutable.size) return preview;
  const sending = preview.recipients.valid.filter((phone) => !optedOut.has(phone) && !unroutable.has(phone));
  const skipped = preview.recipients.valid.filter((phone) => optedOut.has(phone)).length;
  const noRoute = [...new Set(preview.recipients.valid.filter((phone) => !optedOut.has(phone) && unroutable.has(phone)))];
  if (!skipped && !noRoute.length) return preview;
  return {
    ...preview,
    recipients: { ...preview.recipients, skipped, unroutable: noRoute },
    ...costOf(sending, preview.analysis.segments, preview.dispatches.length, org),
  };
}

function costOf(phones: string[], segments: number, dispatches: number, org: ComposeOrg): Pick<ComposePreview, 'smsCount' | 'cost' | 'costLines'> {
  const resolve = createPriceResolver(org.rows, org.defaultPrice);
  const cost = computeCost(phones, segments, dispatches, resolve).total;
  const lines = new Map<string, CostLine>();
  for (const phone of phones) {
    const { price, row } = resolve(phone);
    const key = row?.id ?? '(default)';
    const line = lines.get(key) ?? { label: row ? `${row.network} (${row.country})` : 'Other numbers (default price)', isDefault: !row, recipients: 0, price: price.toString(), subtotal: price.times(0) };
    line.recipients += 1;
    line.subtotal = line.subtotal.plus(price.times(segments).times(dispatches));
    lines.set(key, line);
  }
  return { smsCount: phones.length * segments * dispatches, cost, costLines: [...lines.values()] };
}

/** The dispatch moments the server would compute (D4); issues instead when the schedule is not acceptable yet. */
export function dispatchesOf(
  schedule: ComposeSchedule,
  timeZone: string,
  now: Date,
  smsPerDispatch: number,
): { dispatches: Array<Date | null>; issues: ScheduleIssue[] } {
  if (schedule.kind === 'immediate') return { dispatches: [null], issues: [] };
  if (schedule.kind === 'scheduled') {
    if (schedule.dates.length === 0) return { dispatches: [], issues: [] };
    const r = resolveScheduledDates(schedule.dates, timeZone, now);
    if (!r.ok) return { dispatches: [], issues: r.issues };
    return { dispatches: [...r.instants].sort((a, b) => a.getTime() - b.getTime()), issues: [] };
  }
  const maxOccurrences = Math.floor(MAX_RECURRING_SMS / Math.max(smsPerDispatch, 1));
  const r = expandRecurring(schedule.rule, timeZone, now, { maxOccurrences });
  if (!r.ok) {
    return {
      dispatches: [],
      issues: r.issues.map((i) =>
        i.code === 'LIMIT_EXCEEDED'
          ? { ...i, message: `the schedule pre-computes more than ${MAX_RECURRING_SMS} SMS (recipients x segments x occurrences)`, problem: { code: 'tooManySms', max: String(MAX_RECURRING_SMS) } }
          : i,
      ),
    };
  }
  return { dispatches: r.instants, issues: [] };
}

/**
 * The Inbox reply's preview (D18): one recipient, now, with the organization's smart encoding (D21), which the reply's
 * send follows because it names none (submitSend). Without it the box priced the text as written and could show
 * 4 UCS-2 segments for a reply charged 2.
 */
export function replyPreview(input: { message: string; phone: string; org: ComposeOrg; now: Date; smartEncoding: SmartEncodingMode }): ComposePreview {
  return composePreview({ ...input, entries: [{ value: input.phone, line: 1, source: 'paste' }], schedule: { kind: 'immediate' } });
}
