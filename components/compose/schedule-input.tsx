'use client';

import type { ScheduledDate } from '@/shared/schedules/schedules';
import { MAX_SCHEDULED_DATES } from '@/server/contracts/send';
import { Button } from '@/components/ui/button';
import { formatLocal, plural } from '@/components/ui/format';
import type { ComposeErrors } from '@/shared/messages/compose/send-request';
import { describedBy, FieldMessages, inputClass } from './field-messages';

export type SendingKind = 'immediate' | 'scheduled' | 'recurring';
export type RuleForm = { start_date: string; end_date: string; frequency: 'daily' | 'weekly' | 'monthly' | 'yearly'; interval: string; times: string };

/** Splits "08:00, 18:00" (commas or spaces) into the `times` array. */
export function timesOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

const KINDS: Array<{ value: SendingKind; label: string; hint: string }> = [
  { value: 'immediate', label: 'Now', hint: 'Sent as soon as you submit.' },
  { value: 'scheduled', label: 'At chosen dates', hint: `Up to ${MAX_SCHEDULED_DATES} dates and times; each is a separate send.` },
  { value: 'recurring', label: 'On a recurring schedule', hint: 'Daily, weekly, monthly or yearly, at one or more times.' },
];

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

  return (
    <fieldset id="schedule" className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">When</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
        {KINDS.map((k) => (
          <label key={k.value} className="flex items-start gap-2 text-sm">
            <input type="radio" name="sending_type" value={k.value} checked={props.kind === k.value} onChange={() => props.onKind(k.value)} className="mt-0.5 h-4 w-4 accent-blue-700" />
            <span>
              <span className="font-medium text-slate-900">{k.label}</span>
              <span className="block text-xs text-slate-600">{k.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldMessages id="schedule-errors" messages={errors.schedule} />

      {props.kind === 'scheduled' && (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">Dates and times are in your timezone, {props.timezone}.</p>
          <ol className="space-y-3">
            {dates.map((d, i) => {
              const errs = errors[`scheduled_dates.${i}`];
              return (
                <li key={i}>
                  <fieldset className="flex flex-wrap items-end gap-3" aria-describedby={errs?.length ? `sd-${i}-errors` : undefined}>
                    <legend className="sr-only">Send {i + 1}</legend>
                    <div>
                      <label htmlFor={`sd-${i}-date`} className="block text-xs font-medium text-slate-800">
                        Date {i + 1}
                      </label>
                      <input id={`sd-${i}-date`} type="date" value={d.date} min={props.today} onChange={(e) => setDate(i, { date: e.target.value })} aria-invalid={errs?.length ? true : undefined} className={inputClass(Boolean(errs?.length))} />
                    </div>
                    <div>
                      <label htmlFor={`sd-${i}-time`} className="block text-xs font-medium text-slate-800">
                        Time {i + 1}
                      </label>
                      <input id={`sd-${i}-time`} type="time" value={d.time} onChange={(e) => setDate(i, { time: e.target.value })} aria-invalid={errs?.length ? true : undefined} className={inputClass(Boolean(errs?.length))} />
                    </div>
                    {dates.length > 1 && (
                      <Button type="button" variant="secondary" onClick={() => props.onDates(dates.filter((_, j) => j !== i))} aria-label={`Remove date ${i + 1}`}>
                        Remove
                      </Button>
                    )}
                  </fieldset>
                  <FieldMessages id={`sd-${i}-errors`} messages={errs} />
                </li>
              );
            })}
          </ol>
          <Button type="button" variant="secondary" disabled={dates.length >= MAX_SCHEDULED_DATES} onClick={() => props.onDates([...dates, { date: dates[dates.length - 1]?.date ?? props.today, time: dates[dates.length - 1]?.time ?? '09:00' }])}>
            Add a date
          </Button>
          <FieldMessages id="scheduled-errors" messages={errors.scheduled_dates} />
        </div>
      )}

      {props.kind === 'recurring' && (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">Dates and times are in your timezone, {props.timezone}.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <RuleField id="rr-start" label="First day" errors={errors['recurring.start_date']}>
              {(p) => <input {...p} type="date" value={rule.start_date} onChange={(e) => setRule({ start_date: e.target.value })} />}
            </RuleField>
            <RuleField id="rr-end" label="Last day (optional)" hint="Empty: one year from the first day." errors={errors['recurring.end_date']}>
              {(p) => <input {...p} type="date" value={rule.end_date} onChange={(e) => setRule({ end_date: e.target.value })} />}
            </RuleField>
            <RuleField id="rr-frequency" label="Repeats" errors={errors['recurring.frequency']}>
              {(p) => (
                <select {...p} value={rule.frequency} onChange={(e) => setRule({ frequency: e.target.value as RuleForm['frequency'] })}>
                  <option value="daily">Daily</option>
                  <option value="weekly">Weekly (same weekday)</option>
                  <option value="monthly">Monthly (same day of month)</option>
                  <option value="yearly">Yearly</option>
                </select>
              )}
            </RuleField>
            <RuleField id="rr-interval" label="Every" hint="1 = every day / week / month / year, 2 = every other…" errors={errors['recurring.interval']}>
              {(p) => <input {...p} type="number" min={1} step={1} inputMode="numeric" value={rule.interval} onChange={(e) => setRule({ interval: e.target.value })} />}
            </RuleField>
            <RuleField id="rr-times" label="Times" hint="24-hour HH:mm, several separated by commas: 08:00, 18:00" errors={errors['recurring.times']}>
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
            <p className="text-slate-700">Choose when to send.</p>
          ) : (
            <>
              <p className="font-medium text-slate-900">
                {plural(upcoming.length, 'send')}
                {upcoming.length > 1 && `, the last on ${formatLocal(upcoming[upcoming.length - 1], props.timezone)}`}. Next:
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
