import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en';
import fr from '@/messages/fr';
import { checkPhone } from '@/shared/messages/phone';
import { phoneProblemText } from './phone-problem';

const english = createTranslator({ locale: 'en', messages: en, namespace: 'compose.phoneProblems' });
const french = createTranslator({ locale: 'fr', messages: fr, namespace: 'compose.phoneProblems' });

describe('recipient problems in the page language (D23)', () => {
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
});
