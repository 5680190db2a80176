import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en';
import fr from '@/messages/fr';
import { composePreview } from '@/shared/messages/compose/preview';
import { parsePastedRecipients } from '@/shared/messages/compose/parse-recipients';
import { checkPhone } from '@/shared/messages/phone';
import { expandRecurring, resolveScheduledDates, type ScheduleIssue } from '@/shared/schedules/schedules';
import { phoneProblemText, scheduleProblemText } from './problem-texts';

const english = createTranslator({ locale: 'en', messages: en, namespace: 'compose.phoneProblems' });
const french = createTranslator({ locale: 'fr', messages: fr, namespace: 'compose.phoneProblems' });
const englishSchedule = createTranslator({ locale: 'en', messages: en, namespace: 'compose.scheduleProblems' });
const frenchSchedule = createTranslator({ locale: 'fr', messages: fr, namespace: 'compose.scheduleProblems' });

describe('recipient and schedule problems in the page language (D23)', () => {
  // One input per refusal of shared/messages/phone.ts, and an accepted but unlikely number.
  const refused: Array<[string, string]> = [
    ['0812', 'CD'],
    ['0812-abc-3456', 'CD'],
    ['+99912345678', 'CD'],
    ['0812345678', 'XX'],
    ['0123', 'CD'],
    ['123456789012345678', 'CD'],
  ];

  it('says each refusal in English exactly as the API does, and in French', () => {
    for (const [raw, country] of refused) {
      const r = checkPhone(raw, country);
      expect(r.ok, raw).toBe(false);
      if (r.ok) continue;
      expect(phoneProblemText(english, r.problem)).toBe(r.reason);
      expect(phoneProblemText(french, r.problem)).not.toBe(r.reason);
    }
    expect(phoneProblemText(french, { code: 'tooShort', min: 8 })).toBe('moins de 8 caractères une fois les espaces et les tirets retirés');
  });

  it("says the unlikely-number warning as the API does", () => {
    const r = checkPhone('2025550123', 'CD');
    expect(r.ok && r.warning).toBeTruthy();
    if (!r.ok || !r.warning) return;
    expect(english('unlikely', { where: r.warning.where })).toBe(r.warning.message);
  });

  it('says each schedule refusal in English exactly as the API does, and in French', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const issues: ScheduleIssue[] = [];
    const dated = resolveScheduledDates(
      [
        { date: '2026-02-30', time: '25:00' },
        { date: '2026-03-29', time: '02:30' },
        { date: '2026-11-20', time: '09:00' },
      ],
      'Europe/Paris',
      now,
    );
    if (!dated.ok) issues.push(...dated.issues);
    const rule = (r: object) => ({ start_date: '2026-12-01', end_date: null, frequency: 'daily' as const, interval: 1, times: ['09:00'], ...r });
    for (const r of [
      { start_date: 'x', end_date: 'y', frequency: 'hourly', interval: 0, times: [] },
      { start_date: '2026-12-05', end_date: '2026-12-01', times: ['9h'] },
      { start_date: '2026-01-01', end_date: '2026-01-02' },
    ]) {
      const x = expandRecurring(rule(r) as never, 'Africa/Kinshasa', now);
      if (!x.ok) issues.push(...x.issues);
    }
    const many = expandRecurring(rule({}), 'Africa/Kinshasa', now, { maxOccurrences: 3 });
    if (!many.ok) issues.push(...many.issues);
    const sms = composePreview({
      message: 'x',
      entries: parsePastedRecipients(Array.from({ length: 300 }, (_, i) => `+2438100${String(i).padStart(5, '0')}`).join('\n')),
      schedule: { kind: 'recurring', rule: rule({ times: ['08:00', '18:00'] }) },
      org: { timezone: 'Africa/Kinshasa', defaultCountry: 'CD', defaultPrice: '0.01', rows: [] },
      now,
    });
    issues.push(...sms.scheduleIssues);

    const codes = new Set(issues.map((i) => i.problem.code));
    expect([...codes].sort()).toEqual(['allPast', 'badDate', 'badFrequency', 'badInterval', 'badTime', 'endBeforeStart', 'gap', 'noTimes', 'past', 'tooManyOccurrences', 'tooManySms']);
    for (const issue of issues) {
      expect(scheduleProblemText(englishSchedule, issue.problem)).toBe(issue.message);
      expect(scheduleProblemText(frenchSchedule, issue.problem)).not.toBe(issue.message);
    }
    expect(scheduleProblemText(frenchSchedule, { code: 'past', date: '2026-11-20', time: '09:00', timeZone: 'Europe/Paris' })).toBe('2026-11-20 09:00 (Europe/Paris) est déjà passé');
  });
});
