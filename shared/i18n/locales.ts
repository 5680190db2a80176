/**
 * The dashboard's languages (D23): French and English. The browser and the server both read this module: which
 * locales exist, which one a browser asks for, and which `Intl` locale formats its dates, numbers and money.
 */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The `Intl` locale of a dashboard locale: French as written in the DRC (`fr-CD`), English as `en`. */
export function intlLocale(locale: Locale): 'fr-CD' | 'en' {
  return locale === 'fr' ? 'fr-CD' : 'en';
}

/**
 * The language of a browser that has not chosen one (D23): its most preferred Accept-Language tag, French when that
 * tag is `fr` or `fr-*`, English otherwise (and for a missing or unreadable header).
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { tag: string; q: number } | null = null;
  for (const part of header.split(',')) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase() ?? '';
    if (!tag || tag === '*') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best && (best.tag === 'fr' || best.tag.startsWith('fr-')) ? 'fr' : DEFAULT_LOCALE;
}
