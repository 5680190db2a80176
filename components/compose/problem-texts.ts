import type { PhoneProblem } from '@/shared/messages/phone';
import type { ScheduleProblem } from '@/shared/schedules/schedules';

/** A translator of one catalogue namespace (next-intl's `t`, or a test's). */
type Translate<K extends string> = (key: K, values?: Record<string, string | number>) => string;

/** Why a recipient is refused, in the page's language (D23, `compose.phoneProblems`); English says it as the API does. */
export function phoneProblemText(t: Translate<PhoneProblem['code'] | 'unlikely'>, problem: PhoneProblem): string {
  const { code, ...values } = problem;
  return t(code, values);
}

/** Why a schedule is refused, in the page's language (D23, `compose.scheduleProblems`); English says it as the API does. */
export function scheduleProblemText(t: Translate<ScheduleProblem['code']>, problem: ScheduleProblem): string {
  const { code, ...values } = problem;
  return t(code, values);
}
