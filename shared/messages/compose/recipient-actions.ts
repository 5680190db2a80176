// Compose's recipient actions and send button state, pure and browser-safe: the form only wires them.
// "Drop invalid lines" and "Remove duplicates" return the entries kept and how many went; the send button
// says what stops the send (the first thing, in the form's order); a large send asks to be confirmed.
import type Decimal from 'decimal.js';
import { checkPhone } from '../phone';
import type { RecipientEntry } from './parse-recipients';
import type { ComposePreview } from './preview';

export type EntriesChange = { entries: RecipientEntry[]; removed: number };

/** The entries whose number POST /send accepts (D3), and how many were not. */
export function dropInvalid(entries: RecipientEntry[], defaultCountry: string): EntriesChange {
  const kept = entries.filter((e) => checkPhone(e.value, defaultCountry).ok);
  return { entries: kept, removed: entries.length - kept.length };
}

/**
 * The entries without the later copies of a number (compared once normalized: `0810005555` and `+243810005555` are
 * the same number); entries that are not numbers stay, for "Drop invalid lines" to name.
 */
export function removeDuplicates(entries: RecipientEntry[], defaultCountry: string): EntriesChange {
  const seen = new Set<string>();
  const kept = entries.filter((e) => {
    const n = checkPhone(e.value, defaultCountry);
    if (!n.ok) return true;
    if (seen.has(n.e164)) return false;
    seen.add(n.e164);
    return true;
  });
  return { entries: kept, removed: entries.length - kept.length };
}

/** The text of the recipients box for these entries: one number per line. */
export function entriesText(entries: RecipientEntry[]): string {
  return entries.map((e) => e.value).join('\n');
}

/** What stops the send, as the send button says it; null when nothing the page can see does. */
export type SendBlocker =
  | { code: 'noRecipients' }
  | { code: 'invalidNumbers'; count: number }
  | { code: 'noMessage' }
  | { code: 'schedule' }
  | { code: 'balance' };

export function sendBlocker(input: { preview: ComposePreview; message: string; balance: number | null; scheduled: boolean }): SendBlocker | null {
  const { preview } = input;
  if (preview.recipients.total === 0) return { code: 'noRecipients' };
  if (preview.recipients.invalid.length > 0) return { code: 'invalidNumbers', count: preview.recipients.invalid.length };
  if (input.message.length === 0) return { code: 'noMessage' };
  if (preview.scheduleIssues.length > 0 || (input.scheduled && preview.dispatches.length === 0)) return { code: 'schedule' };
  if (input.balance !== null && preview.cost.greaterThan(input.balance)) return { code: 'balance' };
  return null;
}

/** Above this total (in the organization's currency) Compose asks before sending, until an owner sets another in Settings. */
export const CONFIRM_ABOVE = 50;

/** Why the send asks to be confirmed (its total is above `above`, or above half the balance), or null when it does not. */
export function needsConfirmation(cost: Decimal, balance: number | null, above: number = CONFIRM_ABOVE): 'amount' | 'halfBalance' | null {
  if (cost.greaterThan(above)) return 'amount';
  return balance !== null && cost.greaterThan(balance / 2) ? 'halfBalance' : null;
}
