import { describe, it, expect } from 'vitest';
import { checkPhone, isUnlikelyNumber, normalizePhone } from './phone';

describe('normalizePhone (default country CD)', () => {
  it.each([
    '0812345678',
    '243812345678',
    '+243812345678',
    '+243 81-234-5678',
    '081 234 5678',
    '0812-345-678',
    '812345678',
    ' +243 812 345 678 ',
  ])('%s -> +243812345678', (raw) => {
    expect(normalizePhone(raw, 'CD')).toEqual({ ok: true, e164: '+243812345678' });
  });

  it('accepts other international numbers as they are', () => {
    expect(normalizePhone('+14155552671', 'CD')).toEqual({ ok: true, e164: '+14155552671' });
    expect(normalizePhone('+33 6 12 34 56 78', 'CD')).toEqual({ ok: true, e164: '+33612345678' });
  });

  it('accepts possible but unassigned numbers (test ranges)', () => {
    // 555-01xx is reserved for fiction: possible, not valid.
    expect(normalizePhone('+1 202-555-0100', 'CD')).toEqual({ ok: true, e164: '+12025550100' });
  });

  it.each([
    ['abc', 'too short'],
    ['1234567', '7 characters'],
    ['+123456', '7 characters with +'],
    ['', 'empty'],
    ['   -  - ', 'only separators'],
    ['++243812345678', 'double plus'],
    ['+243 81x2345678', 'a letter'],
    ['243+812345678', 'plus not leading'],
    ['(081) 234 5678', 'parentheses'],
    ['081.234.5678', 'dots'],
    ['+2438', 'too short international'],
    ['+24381234', 'impossible length for CD'],
    ['+2438123456789012', 'too long'],
    ['+99912345678', 'unknown calling code'],
    ['0812345678901', 'impossible national CD number (too long)'],
    ['٠٨١٢٣٤٥٦٧٨', 'non-ASCII digits'],
  ])('rejects %j (%s)', (raw) => {
    const r = normalizePhone(raw, 'CD');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/\S/);
  });

  it('gives a reason naming the length rule', () => {
    expect(normalizePhone('1234567', 'CD')).toEqual({
      ok: false,
      reason: 'fewer than 8 characters after removing spaces and dashes',
      problem: { code: 'tooShort', min: 8 },
    });
  });
});

describe('normalizePhone (other default countries)', () => {
  it('FR: national and calling-code forms', () => {
    expect(normalizePhone('0612345678', 'FR')).toEqual({ ok: true, e164: '+33612345678' });
    expect(normalizePhone('06 12 34 56 78', 'FR')).toEqual({ ok: true, e164: '+33612345678' });
    expect(normalizePhone('33612345678', 'FR')).toEqual({ ok: true, e164: '+33612345678' });
  });

  it('US: 10-digit national number', () => {
    expect(normalizePhone('415-555-2671', 'US')).toEqual({ ok: true, e164: '+14155552671' });
  });

  it('a CD national number under FR default is read as French', () => {
    expect(normalizePhone('0812345678', 'FR')).toEqual({ ok: true, e164: '+33812345678' });
  });

  it('CD: calling code followed by the trunk 0', () => {
    expect(normalizePhone('2430812345678', 'CD')).toEqual({ ok: true, e164: '+243812345678' });
  });

  it('accepts a lower-case default country', () => {
    expect(normalizePhone('0812345678', 'cd')).toEqual({ ok: true, e164: '+243812345678' });
  });

  it('rejects national numbers with an unknown default country but still parses +numbers', () => {
    expect(normalizePhone('0812345678', 'XX').ok).toBe(false);
    expect(normalizePhone('+243812345678', 'XX')).toEqual({ ok: true, e164: '+243812345678' });
  });
});

describe('checkPhone: accepted, but unlikely (not valid in its numbering plan)', () => {
  const unlikely = (where: string) => ({
    code: 'UNLIKELY_NUMBER',
    where,
    message: `not a valid number for ${where}: no range of its numbering plan holds it, so carriers will most likely refuse it; a number of another country needs + and its country code`,
  });
  it.each([
    // [typed, default country, E.164, warning]
    ['0812345678', 'CD', '+243812345678', null],
    ['+243 97 123 4567', 'CD', '+243971234567', null],
    ['+2431234567', 'CD', '+2431234567', null], // a Kinshasa fixed line
    ['+14155552671', 'CD', '+14155552671', null],
    ['+33612345678', 'CD', '+33612345678', null],
    ['0612345678', 'FR', '+33612345678', null],
    ['2025550123', 'CD', '+2432025550123', unlikely('CD (+243)')], // a US number without its +1
    ['0212345678', 'CD', '+243212345678', unlikely('CD (+243)')],
    ['+243700000000', 'CD', '+243700000000', unlikely('CD (+243)')],
    ['12345678', 'CD', '+24312345678', unlikely('CD (+243)')],
    ['+1 555 555 0100', 'CD', '+15555550100', unlikely('+1')], // no NANP area 555: no country either
    ['+70000000000', 'CD', '+70000000000', unlikely('+7')],
  ])('%s in %s -> %s, warning %j', (raw, country, e164, warning) => {
    expect(checkPhone(raw, country)).toEqual({ ok: true, e164, warning });
    expect(isUnlikelyNumber(e164)).toBe(warning !== null);
  });

  it('accepts exactly what normalizePhone accepts (D3 unchanged), with the same reason when it does not', () => {
    for (const raw of ['0812345678', '2025550123', '1234567', '+24381234', '++243812345678', '0812345678901']) {
      const checked = checkPhone(raw, 'CD');
      const normalized = normalizePhone(raw, 'CD');
      expect(checked.ok ? { ok: true, e164: checked.e164 } : checked).toEqual(normalized);
    }
  });
});
