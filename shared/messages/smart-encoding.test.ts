import { describe, expect, it } from 'vitest';
import { analyzeMessage } from './segments';
import { smartEncode } from './smart-encoding';
import { FRENCH_ORDER, FRENCH_ORDER_GSM } from '@/tests/french-order';

describe('smart encoding (D21)', () => {
  it('the French order confirmation: off goes as v1 (UCS-2, 4 segments); transliterate goes as GSM-7 in 2, Œ -> OE counting one', () => {
    expect([...FRENCH_ORDER]).toHaveLength(203);
    expect(smartEncode(FRENCH_ORDER, 'off')).toEqual({ text: FRENCH_ORDER, mode: 'off', applied: false, replacedCharacters: 0 });
    expect(analyzeMessage(FRENCH_ORDER)).toMatchObject({ encoding: 'UCS-2', segments: 4 });
    const t = smartEncode(FRENCH_ORDER, 'transliterate');
    expect(t).toEqual({
      text: FRENCH_ORDER_GSM,
      mode: 'transliterate',
      applied: true,
      replacedCharacters: 7,
    });
    expect(analyzeMessage(t.text)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    // lookalikes leaves letters alone: the text stays UCS-2, so it goes unchanged
    expect(smartEncode(FRENCH_ORDER, 'lookalikes')).toEqual({ text: FRENCH_ORDER, mode: 'lookalikes', applied: false, replacedCharacters: 0 });
  });

  it('lookalikes: quotes, dashes and minus, the ellipsis, Unicode spaces and the bullet', () => {
    const text = '“Promo” „x‟ «y» ‹z› ‘a’ ‚b‛ 5′ 6″ ‐‑‒–—―− wait… no\u00a0break\u2009thin\u3000ideo • end';
    expect(smartEncode(text, 'lookalikes')).toEqual({
      text: `"Promo" "x" "y" 'z' 'a' 'b' 5' 6" ------- wait... no break thin ideo - end`,
      mode: 'lookalikes',
      applied: true,
      replacedCharacters: 26,
    });
  });

  it('transliterate: the letters GSM-7 lacks lose their accent, capitals alike; the letters GSM-7 has stay', () => {
    expect(smartEncode('êâîôûëïÿç ÊÂÎÔÛËÏŸ À œŒ', 'transliterate').text).toBe('eaioueiyc EAIOUEIY A oeOE');
    const kept = 'é è à ù ì ò É Ç Ä Ö Ñ Ü ä ö ñ ü Å å Ø ø Æ æ ß';
    expect(smartEncode(kept + ' ô', 'transliterate')).toEqual({ text: kept + ' o', mode: 'transliterate', applied: true, replacedCharacters: 1 });
  });

  it('used only when the whole result is GSM-7: otherwise the original goes unchanged; a GSM-7 text is never touched', () => {
    expect(smartEncode('Prête ? 😀 — oui', 'transliterate')).toEqual({ text: 'Prête ? 😀 — oui', mode: 'transliterate', applied: false, replacedCharacters: 0 });
    expect(smartEncode('Ząb', 'transliterate')).toMatchObject({ text: 'Zab', applied: true, replacedCharacters: 1 });
    expect(smartEncode('łódź', 'transliterate')).toMatchObject({ text: 'łódź', applied: false }); // ł has no decomposition
    expect(smartEncode('Déjà payé - 10€', 'transliterate')).toEqual({ text: 'Déjà payé - 10€', mode: 'transliterate', applied: false, replacedCharacters: 0 });
  });
});
