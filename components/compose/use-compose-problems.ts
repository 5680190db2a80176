'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { RecipientEntry } from '@/shared/messages/compose/parse-recipients';
import type { ComposePreview, ComposeSchedule } from '@/shared/messages/compose/preview';
import { composeErrors, type ComposeErrors } from '@/shared/messages/compose/send-request';
import { checkPhone } from '@/shared/messages/phone';
import type { FieldError } from '@/shared/errors/api-error';
import { useFieldText } from '@/components/ui/field-texts';
import { phoneProblemText, scheduleProblemText } from './problem-texts';
import { useProblemLabels } from './problem-labels';

/**
 * What stops the send, beside each field and summed up at the top (focused after each try), in the page's language;
 * editing a field clears its errors (the next submit checks again).
 */
export function useComposeProblems({ entries, schedule, preview, defaultCountry }: { entries: RecipientEntry[]; schedule: ComposeSchedule; preview: ComposePreview; defaultCountry: string }) {
  const labels = useProblemLabels();
  const locale = useLocale();
  const tPhone = useTranslations('compose.phoneProblems');
  const tSchedule = useTranslations('compose.scheduleProblems');
  const say = useFieldText();
  const [errors, setErrors] = useState<ComposeErrors>({});
  const [formError, setFormError] = useState<ReactNode>(null);
  const [tries, setTries] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (tries > 0) summaryRef.current?.focus();
  }, [tries]);

  /** `set` for a field, which also clears that field's errors. */
  const edited =
    <T,>(key: string, set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setErrors((e) => (e[key] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
    };

  /**
   * D23: an English page shows the send's own texts; another says a refused recipient (`to[i]`) and a refused schedule
   * in its language, from the codes of the same checks (shared/messages/phone.ts, shared/schedules), and every other
   * field's text (message, sender ID, callback URL...) from its code (shared/validation/field-problems.ts).
   */
  function inPageLanguage(p: FieldError): FieldError {
    if (locale === 'en') return p;
    const i = /^to\[(\d+)\]$/.exec(p.field);
    const entry = i ? entries[Number(i[1])] : undefined;
    const checked = entry ? checkPhone(entry.value, defaultCountry) : null;
    if (checked && !checked.ok) return { ...p, message: phoneProblemText(tPhone, checked.problem) };
    const issue = preview.scheduleIssues.find((s) => s.field === p.field && s.message === p.message);
    return issue ? { ...p, message: scheduleProblemText(tSchedule, issue.problem) } : { ...p, message: say(p.message) };
  }

  /** Shows the problems of a check (here or the server's) beside their fields. */
  function show(problems: FieldError[]) {
    const grouped = composeErrors(problems.map(inPageLanguage), entries, schedule.kind === 'recurring' ? schedule.rule.times : [], labels);
    setErrors(grouped);
    setFormError(grouped.form?.join(' ') ?? null);
    setTries((n) => n + 1);
  }

  /** Shows a refusal that names no field above the form. */
  function refused(message: ReactNode) {
    setFormError(message);
    setTries((n) => n + 1);
  }

  return { errors, formError, summaryRef, edited, show, refused, clear: () => setErrors({}), clearFormError: () => setFormError(null) };
}
