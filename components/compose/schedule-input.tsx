'use client';

import { useTranslations } from 'next-intl';
import type { ScheduledDate } from '@/shared/schedules/schedules';
import { MAX_SCHEDULED_DATES } from '@/shared/contracts/send';
import { Button } from '@/components/ui/button';
import { formatLocal } from '@/components/ui/format';
import type { ComposeErrors } from '@/shared/messages/compose/send-request';
import { describedBy, FieldMessages, inputClass } from './field-messages';

export type SendingKind = 'immediate' | 'scheduled' | 'recurring';
export type RuleForm = { start_date: string; end_date: string; frequency: 'daily' | 'weekly' | 'monthly' | 'yearly'; interval: string; times: string };

/** Splits "08:00, 18:00" (commas or spaces) into the `times` array. */
export function timesOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

const KINDS: SendingKind[] = ['immediate', 'scheduled', 'recurring'];
const FREQUENCIES: Array<RuleForm['frequency']> = ['daily', 'weekly', 'monthly', 'yearly'];

export function ScheduleInput(props: {
  kind: SendingKind;
  onKind: (k: SendingKind) => void;
  dates: ScheduledDate[];
  onDates: (d: ScheduledDate[]) => void;
  rule: RuleForm;
  onRule: (r: RuleForm) => void;
  timezone: string;
  today: string;
  dispatches: Array<Date | null>;
  issues: string[];
  errors: ComposeErrors;
}) {
  const { dates, rule, errors } = props;
  const setDate = (i: number, patch: Partial<ScheduledDate>) => props.onDates(dates.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const setRule = (patch: Partial<RuleForm>) => props.onRule({ ...rule, ...patch });
  const upcoming = props.dispatches.filter((d): d is Date => d !== null);
  const t = useTranslations('compose.schedule');

  return (
    <fieldset id="schedule" className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">{t('legend')}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
        {KINDS.map((k) => (
          <label key={k} className="flex items-start gap-2 text-sm">
            <input type="radio" name="sending_type" value={k} checked={props.kind === k} onChange={() => props.onKind(k)} className="mt-0.5 h-4 w-4 accent-blue-700" />
            <span>
              <span className="font-medium text-slate-900">{t(`kinds.${k}`)}</span>
              <span className="block text-xs text-slate-600">{t(`kinds.${k}Hint`, { max: MAX_SCHEDULED_DATES })}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldMessages id="schedule-errors" messages={errors.schedule} />

      {props.kind === 'scheduled' && (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">{t('timezone', { timezone: props.timezone })}</p>
          <ol className="space-y-3">
            {dates.map((d, i) => {
              const errs = errors[`scheduled_dates.${i}`];
              return (
                <li key={i}>
                  <fieldset className="flex flex-wrap items-end gap-3" aria-describedby={errs?.length ? `sd-${i}-errors` : undefined}>
                    <legend className="sr-only">{t('sendN', { n: i + 1 })}</legend>
                    <div>
                      <label htmlFor={`sd-${i}-date`} className="block text-xs font-medium text-slate-800">
                        {t('dateN', { n: i + 1 })}
                      </label>
                      <input id={`sd-${i}-date`} type="date" value={d.date} min={props.today} onChange={(e) => setDate(i, { date: e.target.value })} aria-invalid={errs?.length ? true : undefined} className={inputClass(Boolean(errs?.length))} />
                    </div>
                    <div>
                      <label htmlFor={`sd-${i}-time`} className="block text-xs font-medium text-slate-800">
                        {t('timeN', { n: i + 1 })}
                      </label>
                      <input id={`sd-${i}-time`} type="time" value={d.time} onChange={(e) => setDate(i, { time: e.target.value })} aria-invalid={errs?.length ? true : undefined} className={inputClass(Boolean(errs?.length))} />
                    </div>
                    {dates.length > 1 && (
                      <Button type="button" variant="secondary" onClick={() => props.onDates(dates.filter((_, j) => j !== i))} aria-label={t('removeDate', { n: i + 1 })}>
                        {t('remove')}
                      </Button>
                    )}
                  </fieldset>
                  <FieldMessages id={`sd-${i}-errors`} messages={errs} />
                </li>
              );
            })}
          </ol>
          <Button type="button" variant="secondary" disabled={dates.length >= MAX_SCHEDULED_DATES} onClick={() => props.onDates([...dates, { date: dates[dates.length - 1]?.date ?? props.today, time: dates[dates.length - 1]?.time ?? '09:00' }])}>
            {t('addDate')}
          </Button>
          <FieldMessages id="scheduled-errors" messages={errors.scheduled_dates} />
        </div>
      )}

      {props.kind === 'recurring' && (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">{t('timezone', { timezone: props.timezone })}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <RuleField id="rr-start" label={t('firstDay')} errors={errors['recurring.start_date']}>
              {(p) => <input {...p} type="date" value={rule.start_date} onChange={(e) => setRule({ start_date: e.target.value })} />}
            </RuleField>
            <RuleField id="rr-end" label={t('lastDay')} hint={t('lastDayHint')} errors={errors['recurring.end_date']}>
              {(p) => <input {...p} type="date" value={rule.end_date} onChange={(e) => setRule({ end_date: e.target.value })} />}
            </RuleField>
            <RuleField id="rr-frequency" label={t('repeats')} errors={errors['recurring.frequency']}>
              {(p) => (
                <select {...p} value={rule.frequency} onChange={(e) => setRule({ frequency: e.target.value as RuleForm['frequency'] })}>
                  {FREQUENCIES.map((f) => (
                    <option key={f} value={f}>
                      {t(`frequency.${f}`)}
                    </option>
                  ))}
                </select>
              )}
            </RuleField>
            <RuleField id="rr-interval" label={t('every')} hint={t('everyHint')} errors={errors['recurring.interval']}>
              {(p) => <input {...p} type="number" min={1} step={1} inputMode="numeric" value={rule.interval} onChange={(e) => setRule({ interval: e.target.value })} />}
            </RuleField>
            <RuleField id="rr-times" label={t('times')} hint={t('timesHint')} errors={errors['recurring.times']}>
              {(p) => <input {...p} type="text" value={rule.times} onChange={(e) => setRule({ times: e.target.value })} />}
            </RuleField>
          </div>
          <FieldMessages id="recurring-errors" messages={errors.recurring} />
        </div>
      )}

      {props.kind !== 'immediate' && (
        <div aria-live="polite" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          {props.issues.length > 0 ? (
            <ul className="space-y-0.5 text-amber-900">
              {props.issues.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          ) : upcoming.length === 0 ? (
            <p className="text-slate-700">{t('chooseWhen')}</p>
          ) : (
            <>
              <p className="font-medium text-slate-900">
                {t('upcoming', { count: upcoming.length, last: upcoming.length > 1 ? formatLocal(upcoming[upcoming.length - 1], props.timezone) : 'none' })}
              </p>
              <ol className="mt-1 list-disc pl-5 text-slate-700">
                {upcoming.slice(0, 5).map((d) => (
                  <li key={d.getTime()}>
                    <time dateTime={d.toISOString()}>{formatLocal(d, props.timezone)}</time> ({props.timezone})
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}

type InputProps = { id: string; className: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
function RuleField({ id, label, hint, errors, children }: { id: string; label: string; hint?: string; errors?: string[]; children: (p: InputProps) => React.ReactNode }) {
  const invalid = Boolean(errors?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-800">
        {label}
      </label>
      {children({ id, className: `${inputClass(invalid)} bg-white`, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy(hint && `${id}-hint`, invalid && `${id}-errors`) })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldMessages id={`${id}-errors`} messages={errors} />
    </div>
  );
}
