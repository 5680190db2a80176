import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { parsePastedRecipients } from './parse-recipients';
import { composePreview, type ComposeSchedule } from './preview';
import { dropInvalid, entriesText, needsConfirmation, removeDuplicates, sendBlocker } from './recipient-actions';

const org = { timezone: 'Africa/Kinshasa', defaultCountry: 'CD', defaultPrice: '0.0100', rows: [] };
const now = new Date('2026-11-21T10:00:00Z');
const PASTE = '+243810005555\n0812\n0810005555, +243820006666\nnot a number\n+243820006666';

describe('Compose recipient actions', () => {
  it('drops the invalid entries and counts them', () => {
    const r = dropInvalid(parsePastedRecipients(PASTE), 'CD');
    expect(r.removed).toBe(2);
    expect(entriesText(r.entries)).toBe('+243810005555\n0810005555\n+243820006666\n+243820006666');
  });

  it('removes the later copies of a number, compared normalized, and keeps the invalid entries', () => {
    const r = removeDuplicates(parsePastedRecipients(PASTE), 'CD');
    expect(r.removed).toBe(2);
    expect(entriesText(r.entries)).toBe('+243810005555\n0812\n+243820006666\nnot a number');
  });

  it('removes as many duplicates as the preview counts, and nothing when there are none', () => {
    const entries = parsePastedRecipients(PASTE);
    const preview = composePreview({ message: 'Hi', entries, schedule: { kind: 'immediate' }, org, now });
    expect(removeDuplicates(entries, 'CD').removed).toBe(preview.recipients.duplicates);
    expect(removeDuplicates(parsePastedRecipients('+243810005555'), 'CD')).toMatchObject({ removed: 0 });
    expect(dropInvalid(parsePastedRecipients('+243810005555'), 'CD')).toMatchObject({ removed: 0 });
  });
});

describe('what stops the send', () => {
  const blocker = (text: string, message: string, balance: number | null, schedule: ComposeSchedule = { kind: 'immediate' }) =>
    sendBlocker({ preview: composePreview({ message, entries: parsePastedRecipients(text), schedule, org, now }), message, balance, scheduled: schedule.kind === 'scheduled' });

  it('names the first thing, in the form order', () => {
    expect(blocker('', '', 10)).toEqual({ code: 'noRecipients' });
    expect(blocker(PASTE, '', 10)).toEqual({ code: 'invalidNumbers', count: 2 });
    expect(blocker('+243810005555', '', 10)).toEqual({ code: 'noMessage' });
    expect(blocker('+243810005555', 'Hi', 10, { kind: 'scheduled', dates: [] })).toEqual({ code: 'schedule' });
    expect(blocker('+243810005555\n+243810006666', 'Hi', 0.01)).toEqual({ code: 'balance' });
  });

  it('is null when the page sees nothing wrong (duplicates are sent and billed; no wallet is the server’s answer)', () => {
    expect(blocker('+243810005555\n0810005555', 'Hi', 0.02)).toBeNull();
    expect(blocker('+243810005555', 'Hi', null)).toBeNull();
  });
});

describe('confirmation before a large charge', () => {
  it('asks above the amount (default 50) or above half the balance', () => {
    expect(needsConfirmation(new Decimal('50'), 1000)).toBeNull();
    expect(needsConfirmation(new Decimal('50.01'), 1000)).toBe('amount');
    expect(needsConfirmation(new Decimal('5.01'), 10)).toBe('halfBalance');
    expect(needsConfirmation(new Decimal('5'), 10)).toBeNull();
    expect(needsConfirmation(new Decimal('20'), null, 10)).toBe('amount');
    expect(needsConfirmation(new Decimal('9'), null, 10)).toBeNull();
  });
});
