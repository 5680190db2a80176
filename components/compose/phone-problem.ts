import type { PhoneProblem } from '@/shared/messages/phone';

/** The `compose.phoneProblems` translator (next-intl's `t` of that namespace, or a test's). */
type Translate = (key: PhoneProblem['code'] | 'unlikely', values?: Record<string, string | number>) => string;

/** Why a recipient is refused, in the page's language (D23); the English catalogue says it as the API does. */
export function phoneProblemText(t: Translate, problem: PhoneProblem): string {
  const { code, ...values } = problem;
  return t(code, values);
}
