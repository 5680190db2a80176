import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { intlLocale, isLocale } from '@/shared/i18n/locales';
import { readFieldProblem, type FieldProblemCode } from '@/shared/validation/field-problems';

/** A translator of the `fieldProblems` namespace (next-intl's `t`, or a test's). */
export type FieldProblemTranslator = (code: FieldProblemCode, values?: Record<string, string>) => string;

/** A count the API writes bare (`10000000`) or in English (`1,000,000`), as the page's language writes numbers. */
function localValue(value: string, locale: string): string {
  if (!/^\d{4,}$|^\d{1,3}(,\d{3})+$/.test(value) || !isLocale(locale)) return value;
  return new Intl.NumberFormat(intlLocale(locale)).format(Number(value.replaceAll(',', '')));
}

/**
 * A field's validation text in the page's language (D23). An English page shows the text as the server, the contract
 * or the shared validator wrote it (the API's text); another page says its code (shared/validation/field-problems.ts)
 * from `fieldProblems`, or shows the text as it is when the table does not hold it. Server and client components.
 */
export function fieldText(t: FieldProblemTranslator, locale: string, text: string): string {
  if (locale === 'en') return text;
  const problem = readFieldProblem(text);
  if (!problem) return text;
  const { code, ...values } = problem;
  return t(code, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, localValue(v, locale)])));
}

/** fieldText bound to the page's language, for client components: `say(issue.message)`. */
export function useFieldText(): (text: string) => string {
  const t = useTranslations('fieldProblems');
  const locale = useLocale();
  return useCallback((text: string) => fieldText(t as FieldProblemTranslator, locale, text), [t, locale]);
}
