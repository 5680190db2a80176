import { describe, expect, it } from 'vitest';
import { intlLocale, localeFromAcceptLanguage } from './locales';

describe('localeFromAcceptLanguage (D23)', () => {
  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['fr', 'fr'],
    ['fr-CD', 'fr'],
    ['FR-be', 'fr'],
    ['en-US,en;q=0.9', 'en'],
    ['en;q=0.5, fr;q=0.8', 'fr'],
    ['de-DE,fr;q=0.9', 'en'],
    ['fre', 'en'],
    ['fr;q=0, en', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [null, 'en'],
  ])('%j -> %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('formats French for the DRC', () => {
    expect(intlLocale('fr')).toBe('fr-CD');
    expect(intlLocale('en')).toBe('en');
  });
});
