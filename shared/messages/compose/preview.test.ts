import { describe, expect, it } from 'vitest';
import { composePreview, replyPreview, skipOptedOut } from './preview';
import { parsePastedRecipients } from './parse-recipients';
import { planSend } from '../validate-send';
import { FRENCH_ORDER, FRENCH_ORDER_GSM } from '@/tests/french-order';

const rows = [
  { id: 'prc_v', country: 'CD', network: 'Vodacom', prefixes: ['24381'], price: '0.0200' },
  { id: 'prc_o', country: 'CD', network: 'Orange', prefixes: ['24384'], price: '0.0190' },
];
const org = { timezone: 'Africa/Kinshasa', defaultCountry: 'CD', defaultPrice: '0.0100', rows };
const now = new Date('2026-11-21T10:00:00Z');

describe('compose preview (the same functions the server charges with)', () => {
  it('D21: with transliterate the French order costs 2 GSM-7 segments per recipient, as the server plans it; off, 4 UCS-2', () => {
    const entries = parsePastedRecipients('+243810005555\n+243810006666\n+243840000000\n+243840001111');
    const at = (smartEncoding: 'off' | 'transliterate') => composePreview({ message: FRENCH_ORDER, entries, schedule: { kind: 'immediate' }, org, now, smartEncoding });
    const [off, tr] = [at('off'), at('transliterate')];
    expect([off.analysis.encoding, off.analysis.segments, off.cost.toFixed(4), off.smart.applied]).toEqual(['UCS-2', 4, '0.3120', false]);
    expect([tr.analysis.encoding, tr.analysis.segments, tr.cost.toFixed(4), tr.smart.text]).toEqual(['GSM-7', 2, '0.1560', FRENCH_ORDER_GSM]);
    const plan = planSend({ to: entries.map((e) => e.value), message: FRENCH_ORDER, smart_encoding: 'transliterate' }, org, now, { allowHttpCallbacks: false });
    expect([plan.body, plan.originalBody, plan.segments, plan.encoding]).toEqual([FRENCH_ORDER_GSM, FRENCH_ORDER, 2, 'GSM-7']);
  });

  it('immediate: segments, recipients, per-network cost', () => {
    const p = composePreview({
      message: 'Hello',
      entries: parsePastedRecipients('+243810005555\n0840000000\n+33612345678\n123\n0810005555'),
      schedule: { kind: 'immediate' },
      org,
      now,
    });
    expect(p.analysis).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(p.recipients.valid).toEqual(['+243810005555', '+243840000000', '+33612345678', '+243810005555']);
    expect(p.recipients.invalid.map((i) => [i.index, i.entry.line])).toEqual([[3, 4]]);
    expect(p.recipients.duplicates).toBe(1);
    expect(p.dispatches).toEqual([null]);
    expect(p.smsCount).toBe(4);
    expect(p.cost.toFixed(4)).toBe('0.0690'); // 2 x 0.02 + 0.019 + 0.01
    expect(p.costLines.map((l) => [l.label, l.recipients, l.subtotal.toFixed(4)])).toEqual([
      ['Vodacom (CD)', 2, '0.0400'],
      ['Orange (CD)', 1, '0.0190'],
      ['Other numbers (default price)', 1, '0.0100'],
    ]);
  });

  it('unlikely numbers: warned per line with what POST /send will answer, still counted and priced', () => {
    const entries = parsePastedRecipients('2025550123\n+243810005555\n0212345678, 123');
    const p = composePreview({ message: 'Hello', entries, schedule: { kind: 'immediate' }, org, now });
    expect(p.recipients.valid).toEqual(['+2432025550123', '+243810005555', '+243212345678']);
    expect(p.recipients.invalid.map((i) => i.index)).toEqual([3]);
    const message = 'not a valid number for CD (+243): no range of its numbering plan holds it, so carriers will most likely refuse it; a number of another country needs + and its country code';
    expect(p.recipients.unlikely.map((u) => [u.index, u.entry.line, u.e164, u.message])).toEqual([
      [0, 1, '+2432025550123', message],
      [2, 3, '+243212345678', message],
    ]);
    // the same function as the server's: planSend gives POST /send the same warnings
    const plan = planSend({ to: ['2025550123', '+243810005555', '0212345678'], message: 'Hello' }, org, now, { allowHttpCallbacks: false });
    expect(plan.warnings).toEqual(p.recipients.unlikely.map((u) => ({ index: u.index, phone: u.e164, code: 'UNLIKELY_NUMBER', message: u.message })));
    expect(p.cost.toFixed(4)).toBe('0.0400'); // 0.01 default x 2 + 0.02 Vodacom
  });

  it('UCS-2: names the characters that force it; 2 segments x 2 dates', () => {
    const p = composePreview({
      message: `Merci ✓ ${'x'.repeat(70)}`,
      entries: parsePastedRecipients('+243810005555'),
      schedule: { kind: 'scheduled', dates: [{ date: '2026-12-02', time: '09:00' }, { date: '2026-12-01', time: '09:00' }] },
      org,
      now,
    });
    expect(p.analysis).toMatchObject({ encoding: 'UCS-2', segments: 2, nonGsmChars: ['✓'] });
    expect(p.dispatches.map((d) => d?.toISOString())).toEqual(['2026-12-01T08:00:00.000Z', '2026-12-02T08:00:00.000Z']);
    expect(p.smsCount).toBe(4);
    expect(p.cost.toFixed(4)).toBe('0.0800');
  });

  it('scheduled pairs in the past are reported, not priced', () => {
    const p = composePreview({ message: 'x', entries: parsePastedRecipients('+243810005555'), schedule: { kind: 'scheduled', dates: [{ date: '2026-11-21', time: '10:00' }] }, org, now });
    expect(p.dispatches).toEqual([]);
    expect(p.scheduleIssues).toMatchObject([{ field: 'scheduled_dates[0]', code: 'SCHEDULE_IN_PAST', message: '2026-11-21 10:00 Africa/Kinshasa is in the past' }]);
    expect(p.cost.toFixed(4)).toBe('0.0000');
  });

  it('recurring: the occurrences in the merchant timezone, and the 5000 SMS limit', () => {
    const rule = { start_date: '2026-11-21', end_date: '2026-11-30', frequency: 'daily' as const, interval: 1, times: ['08:00', '18:00'] };
    const p = composePreview({ message: 'x', entries: parsePastedRecipients('+243810005555'), schedule: { kind: 'recurring', rule }, org, now });
    // 11:00 local now: today's 08:00 is past, 18:00 is not; then 2 a day for 9 days
    expect(p.dispatches).toHaveLength(19);
    expect(p.dispatches[0]?.toISOString()).toBe('2026-11-21T17:00:00.000Z');
    const many = parsePastedRecipients(Array.from({ length: 300 }, (_, i) => `+2438100${String(i).padStart(5, '0')}`).join('\n'));
    const over = composePreview({ message: 'x', entries: many, schedule: { kind: 'recurring', rule }, org, now });
    expect(over.dispatches).toEqual([]);
    expect(over.scheduleIssues[0]).toMatchObject({ field: 'recurring_schedule', code: 'LIMIT_EXCEEDED' });
  });

  it('opted-out numbers (D19): every entry of them skipped, the SMS count and the cost without them', () => {
    const entries = parsePastedRecipients('+243810005555\n0840000000\n+33612345678\n0810005555');
    const base = composePreview({ message: 'a'.repeat(161), entries, schedule: { kind: 'scheduled', dates: [{ date: '2026-12-01', time: '09:00' }, { date: '2026-12-02', time: '09:00' }] }, org, now });
    expect(base.cost.toFixed(4)).toBe('0.2760'); // (2 x 0.02 + 0.019 + 0.01) x 2 segments x 2 dispatches
    const p = skipOptedOut(base, new Set(['+243810005555']), org);
    expect(p.recipients).toMatchObject({ total: 4, skipped: 2 });
    expect(p.recipients.valid).toHaveLength(4);
    expect(p.smsCount).toBe(8);
    expect(p.cost.toFixed(4)).toBe('0.1160'); // (0.019 + 0.01) x 2 x 2
    expect(p.costLines.map((l) => [l.label, l.recipients])).toEqual([
      ['Orange (CD)', 1],
      ['Other numbers (default price)', 1],
    ]);
    expect(skipOptedOut(base, new Set(['+243999999999']), org)).toBe(base);
    expect(skipOptedOut(base, new Set(), org)).toBe(base);
  });

  it('unroutable numbers (D14, live): named once each, left out of the SMS count and the cost; an opted-out one counts as opted out', () => {
    const entries = parsePastedRecipients('+243810005555\n0840000000\n+33612345678\n0810005555');
    const base = composePreview({ message: 'Hi', entries, schedule: { kind: 'immediate' }, org, now });
    const p = skipOptedOut(base, new Set(['+243840000000']), org, new Set(['+243810005555', '+243840000000']));
    expect(p.recipients).toMatchObject({ skipped: 1, unroutable: ['+243810005555'] });
    expect(p.smsCount).toBe(1);
    expect(p.cost.toFixed(4)).toBe('0.0100');
  });

  it('D18 reply (D21): the box prices the reply with the organization\'s smart encoding, as the send that names none is planned', () => {
    for (const [mode, segments, cost] of [['transliterate', 2, '0.0400'], ['off', 4, '0.0800']] as const) {
      const p = replyPreview({ message: FRENCH_ORDER, phone: '+243810005555', org, now, smartEncoding: mode });
      const plan = planSend({ to: ['+243810005555'], message: FRENCH_ORDER }, { ...org, smartEncoding: mode }, now, { allowHttpCallbacks: false });
      expect([p.analysis.segments, p.cost.toFixed(4), p.smart.text]).toEqual([segments, cost, plan.body]);
      expect(plan.segments).toBe(segments);
    }
  });
});
