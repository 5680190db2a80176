import { checkPhone, type PhoneProblem } from '@/shared/messages/phone';
import type { ScheduleProblem } from '@/shared/schedules/schedules';

/** A translator of one catalogue namespace (next-intl's `t`, or a test's). */
type Translate<K extends string> = (key: K, values?: Record<string, string | number>) => string;

/** Why a recipient is refused, in the page's language (D23, `compose.phoneProblems`); English says it as the API does. */
export function phoneProblemText(t: Translate<PhoneProblem['code'] | 'unlikely'>, problem: PhoneProblem): string {
  const { code, ...values } = problem;
  return t(code, values);
}

/**
 * A server's refusal of a phone, in the page's language: an English page keeps the server's text; another says the
 * same check's refusal of `value` (read in `defaultCountry`) from its code, or the server's text when that check passes.
 */
export function phoneRefusalText(t: Translate<PhoneProblem['code'] | 'unlikely'>, locale: string, value: string, defaultCountry: string, serverText: string): string {
  if (locale === 'en') return serverText;
  const checked = checkPhone(value, defaultCountry);
  return checked.ok ? serverText : phoneProblemText(t, checked.problem);
}

/** Why a schedule is refused, in the page's language (D23, `compose.scheduleProblems`); English says it as the API does. */
export function scheduleProblemText(t: Translate<ScheduleProblem['code']>, problem: ScheduleProblem): string {
  const { code, ...values } = problem;
  return t(code, values);
}
