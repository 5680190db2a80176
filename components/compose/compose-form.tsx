'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ComposeOptions } from '@/server/contracts/compose';
import { parsePastedRecipients, type RecipientEntry } from '@/shared/messages/compose/parse-recipients';
import { composePreview, skipOptedOut, type ComposeSchedule } from '@/shared/messages/compose/preview';
import { dropInvalid, entriesText, needsConfirmation, removeDuplicates, sendBlocker, type EntriesChange, type SendBlocker } from '@/shared/messages/compose/recipient-actions';
import { checkSendRequest, composeErrors, toSendRequest, type ComposeErrors } from '@/shared/messages/compose/send-request';
import { checkPhone } from '@/shared/messages/phone';
import { analyzeMessage } from '@/shared/messages/segments';
import { smartEncode } from '@/shared/messages/smart-encoding';
import type { ScheduledDate } from '@/shared/schedules/schedules';
import type { FieldError } from '@/server/errors/api-error';
import { useTRPC, useTRPCClient } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field, Select } from '@/components/ui/field';
import { fieldErrorsOf, messageOf } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { useFormat } from '@/components/ui/format';
import { ConfirmSendDialog } from './confirm-send-dialog';
import { CostPreview } from './cost-preview';
import { phoneProblemText, scheduleProblemText } from './problem-texts';
import { useProblemLabels } from './problem-labels';
import { MessageInput } from './message-input';
import { ProblemSummary } from './problem-summary';
import { RecipientsInput, type CsvFile } from './recipients-input';
import { SenderInput } from './sender-input';
import { SmartEncodingChoice } from './smart-encoding-choice';
import { ScheduleInput, timesOf, type RuleForm, type SendingKind } from './schedule-input';

/** One key per form: a double click or a retry after a network error charges once (D12). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `dash-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Errors of the schedule: POST /send reports them only once the fields before it pass. */
const isScheduleField = (field: string) => /^(scheduled_dates|recurring_schedule|sending_type)\b/.test(field);

export function ComposeForm({ options, today, tomorrow }: { options: ComposeOptions; today: string; tomorrow: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const compose = useMutation(trpc.messages.compose.mutationOptions());
  const t = useTranslations('compose.form');
  const tAll = useTranslations();
  const f = useFormat();
  const labels = useProblemLabels();
  const locale = useLocale();
  const tPhone = useTranslations('compose.phoneProblems');
  const tSchedule = useTranslations('compose.scheduleProblems');
  const say = useFieldText();

  const [appId, setAppId] = useState(options.apps[0]?.app_id ?? '');
  const [typed, setTyped] = useState('');
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [message, setMessage] = useState('');
  const [senderId, setSenderId] = useState('');
  const [callbackUrl, setCallbackUrl] = useState('');
  const [smartEncoding, setSmartEncoding] = useState(options.smart_encoding);
  const otherMode = smartEncoding === 'off' ? 'transliterate' : 'off';
  const [kind, setKind] = useState<SendingKind>('immediate');
  const [dates, setDates] = useState<ScheduledDate[]>([{ date: tomorrow, time: '09:00' }]);
  const [rule, setRule] = useState<RuleForm>({ start_date: tomorrow, end_date: '', frequency: 'weekly', interval: '1', times: '09:00' });
  const [errors, setErrors] = useState<ComposeErrors>({});
  const [formError, setFormError] = useState<ReactNode>(null);
  const [submits, setSubmits] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const summaryRef = useRef<HTMLDivElement>(null);

  const typedEntries = useMemo(() => parsePastedRecipients(typed), [typed]);
  const entries = csv ? csv.entries : typedEntries;
  const schedule: ComposeSchedule = useMemo(() => {
    if (kind === 'immediate') return { kind };
    if (kind === 'scheduled') return { kind, dates };
    return { kind, rule: { start_date: rule.start_date, end_date: rule.end_date || null, frequency: rule.frequency, interval: Number(rule.interval), times: timesOf(rule.times) } };
  }, [kind, dates, rule]);

  // The preview trails fast typing a little (deferred) so the box stays responsive with 1000 numbers.
  const deferredEntries = useDeferredValue(entries);
  const deferredMessage = useDeferredValue(message);
  const deferredSchedule = useDeferredValue(schedule);
  const org = useMemo(
    () => ({ timezone: options.timezone, defaultCountry: options.default_country, defaultPrice: options.default_price, rows: options.pricing_rows }),
    [options],
  );
  const base = useMemo(
    () => composePreview({ message: deferredMessage, entries: deferredEntries, schedule: deferredSchedule, org, now: new Date(), smartEncoding }),
    [deferredMessage, deferredEntries, deferredSchedule, org, smartEncoding],
  );
  const { optedOut, unroutable } = useNotSent(base.recipients.valid);
  const preview = useMemo(() => skipOptedOut(base, optedOut, org, unroutable), [base, optedOut, org, unroutable]);
  // D21: the same send with the other choice, for the offer ("Replace accents: 4 -> 2 segments per recipient")
  const other = useMemo(
    () => skipOptedOut(composePreview({ message: deferredMessage, entries: deferredEntries, schedule: deferredSchedule, org, now: new Date(), smartEncoding: otherMode }), optedOut, org, unroutable),
    [deferredMessage, deferredEntries, deferredSchedule, org, otherMode, optedOut, unroutable],
  );
  const liveAnalysis = useMemo(() => analyzeMessage(smartEncode(message, smartEncoding).text), [message, smartEncoding]);

  useEffect(() => {
    if (submits > 0) summaryRef.current?.focus();
  }, [submits]);

  /** Editing a field clears its errors (the next submit checks again). */
  const edited =
    <T,>(key: string, set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setErrors((e) => (e[key] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
    };

  function show(problems: FieldError[]) {
    const grouped = composeErrors(problems.map(inPageLanguage), entries, schedule.kind === 'recurring' ? schedule.rule.times : [], labels);
    setErrors(grouped);
    setFormError(grouped.form?.join(' ') ?? null);
    setSubmits((n) => n + 1);
  }

  /**
   * D23: an English page shows the send's own texts; another says a refused recipient (`to[i]`) and a refused schedule
   * in its language, from the codes of the same checks (shared/messages/phone.ts, shared/schedules), and every other
   * field's text (message, sender ID, callback URL...) from its code (shared/validation/field-problems.ts).
   */
  function inPageLanguage(p: FieldError): FieldError {
    if (locale === 'en') return p;
    const i = /^to\[(\d+)\]$/.exec(p.field);
    const entry = i ? entries[Number(i[1])] : undefined;
    const checked = entry ? checkPhone(entry.value, options.default_country) : null;
    if (checked && !checked.ok) return { ...p, message: phoneProblemText(tPhone, checked.problem) };
    const issue = preview.scheduleIssues.find((s) => s.field === p.field && s.message === p.message);
    return issue ? { ...p, message: scheduleProblemText(tSchedule, issue.problem) } : { ...p, message: say(p.message) };
  }

  /** "Drop invalid lines" and "Remove duplicates": the box (or the file's entries) without them; how many went. */
  function change(action: (entries: RecipientEntry[], country: string) => EntriesChange): number {
    const r = action(entries, options.default_country);
    if (csv) edited('recipients', setCsv)({ ...csv, entries: r.entries });
    else edited('recipients', setTyped)(entriesText(r.entries));
    return r.removed;
  }

  const sendRequest = () => toSendRequest({ entries, message, senderId, callbackUrl, schedule, smartEncoding });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFormError(null);
    const send = sendRequest();
    const problems = checkSendRequest(send, { timezone: options.timezone, defaultCountry: options.default_country }, new Date(), {
      allowHttpCallbacks: options.environment === 'test',
    });
    if (!appId) problems.unshift({ field: 'app_id', message: t('chooseApp') });
    // A date in the past (or another schedule issue) is shown under the schedule whatever else is wrong: count it too.
    if (problems.length && !problems.some((p) => isScheduleField(p.field))) problems.push(...preview.scheduleIssues);
    if (problems.length) return show(problems);
    setErrors({});
    if (confirmReason) return setConfirming(true);
    await submit();
  }

  async function submit() {
    try {
      const res = await compose.mutateAsync({ app_id: appId, idempotency_key: idempotencyKey, send: sendRequest() });
      router.push(`/dashboard/messages/${res.message_id}`);
    } catch (err) {
      const fields = Object.entries(fieldErrorsOf(err)).map(([field, m]) => ({ field, message: m }));
      if (fields.length) return show(fields);
      const insufficient = err instanceof TRPCClientError && (err.data as { code?: string } | undefined)?.code === 'PAYMENT_REQUIRED';
      setFormError(
        insufficient ? (
          t.rich('notSent', {
            message: messageOf(err),
            strong: (c) => <strong>{c}</strong>,
            link: (c) => (
              <Link href="/dashboard/wallet" className="underline">
                {c}
              </Link>
            ),
          })
        ) : (
          messageOf(err)
        ),
      );
      setSubmits((n) => n + 1);
    }
  }

  const issues = preview.scheduleIssues.map((i) => scheduleProblemText(tSchedule, i.problem));
  const cost = f.money(Number(preview.cost.toFixed(4)), options.currency);
  const stop = sendBlocker({ preview, message, balance: options.balance, scheduled: kind === 'scheduled' });
  // A send the balance cannot pay is the server's to refuse (1202, nothing charged): no question first.
  const confirmReason = stop ? null : needsConfirmation(preview.cost, options.balance, options.confirm_amount);
  const submitLabel = stop
    ? blockedLabel(t, stop, cost)
    : kind === 'immediate'
      ? t('sendNow', { cost })
      : kind === 'scheduled'
        ? preview.dispatches.length
          ? t('scheduleSends', { count: preview.dispatches.length, cost })
          : t('schedule')
        : t('startRecurring', { cost });
  const blocked = !options.can_send || options.apps.length === 0;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <div ref={summaryRef} tabIndex={-1} className="space-y-3 empty:hidden focus:outline-none">
          <ProblemSummary errors={errors} />
          {formError && <Alert>{formError}</Alert>}
        </div>

        <div id="app">
          {options.apps.length > 0 ? (
            <Select label={t('sendAs')} value={appId} onChange={(e) => setAppId(e.target.value)} error={errors.app?.join(' ')} hint={t('sendAsHint')}>
              {options.apps.map((a) => (
                <option key={a.app_id} value={a.app_id}>
                  {a.name} ({a.key_hint})
                </option>
              ))}
            </Select>
          ) : (
            <Alert tone="warning">
              {t.rich('noApp', {
                blocked: options.blocked_apps > 0 ? t('blockedApps', { count: options.blocked_apps }) : '',
                strong: (c) => <strong>{c}</strong>,
                link: (c) => (
                  <Link href="/dashboard/keys" className="underline">
                    {c}
                  </Link>
                ),
              })}
            </Alert>
          )}
        </div>

        <RecipientsInput
          typed={typed}
          onTyped={edited('recipients', setTyped)}
          csv={csv}
          onCsv={edited('recipients', setCsv)}
          total={preview.recipients.total}
          valid={preview.recipients.valid.length}
          duplicates={preview.recipients.duplicates}
          invalid={preview.recipients.invalid}
          unlikely={preview.recipients.unlikely}
          defaultCountry={options.default_country}
          errors={errors.recipients}
          onDropInvalid={() => change(dropInvalid)}
          onRemoveDuplicates={() => change(removeDuplicates)}
        />

        <MessageInput value={message} onChange={edited('message', setMessage)} analysis={liveAnalysis} errors={errors.message} />
        <SmartEncodingChoice mode={smartEncoding} onMode={setSmartEncoding} preview={preview} other={other} otherMode={otherMode} currency={options.currency} />

        <div id="sender" className="max-w-xs">
          <SenderInput value={senderId} onChange={edited('sender_id', setSenderId)} senders={options.senders} environment={options.environment} errors={errors.sender_id} />
        </div>

        <ScheduleInput
          kind={kind}
          onKind={setKind}
          dates={dates}
          onDates={setDates}
          rule={rule}
          onRule={setRule}
          timezone={options.timezone}
          today={today}
          dispatches={preview.dispatches}
          issues={issues}
          errors={errors}
        />

        <details id="advanced" open={Boolean(errors.callback_url) || undefined} className="rounded-md border border-slate-200 bg-white p-4">
          <summary className="cursor-pointer text-sm font-medium text-slate-900">{t('advanced')}</summary>
          <div className="mt-3">
            <Field
              label={t('callbackUrl')}
              name="callback_url"
              type="url"
              value={callbackUrl}
              onChange={(e) => setCallbackUrl(e.target.value)}
              hint={t('callbackHint')}
              error={errors.callback_url?.join(' ')}
            />
          </div>
        </details>
      </div>

      <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
        <CostPreview preview={preview} currency={options.currency} balance={options.balance} kind={kind} />
        {!options.can_send && <Alert tone="info">{t('viewerNotice', { role: tAll(`roles.${options.role}`) })}</Alert>}
        <Button type="submit" className="w-full" disabled={blocked || compose.isPending}>
          {compose.isPending ? t('sending') : submitLabel}
        </Button>
        <ConfirmSendDialog
          open={confirming}
          reason={confirmReason}
          cost={cost}
          balance={options.balance}
          above={options.confirm_amount}
          currency={options.currency}
          onConfirm={() => {
            setConfirming(false);
            void submit();
          }}
          onClose={() => setConfirming(false)}
        />
      </aside>
    </form>
  );
}

/** The send button's label while something stops the send: what it is. */
function blockedLabel(t: ReturnType<typeof useTranslations<'compose.form'>>, stop: SendBlocker, cost: string): string {
  switch (stop.code) {
    case 'noRecipients':
      return t('blocked.noRecipients');
    case 'invalidNumbers':
      return t('blocked.invalidNumbers', { count: stop.count });
    case 'noMessage':
      return t('blocked.noMessage');
    case 'schedule':
      return t('blocked.schedule');
    case 'balance':
      return t('blocked.balance', { cost });
  }
}

type NotSent = { optedOut: ReadonlySet<string>; unroutable: ReadonlySet<string> };
const NONE: NotSent = { optedOut: new Set(), unroutable: new Set() };
/** (one function for every render: react-query re-selects only when the answer changes) */
const toSets = (r: { opted_out: string[]; unroutable: string[] }): NotSent => ({ optedOut: new Set(r.opted_out), unroutable: new Set(r.unroutable) });

/**
 * Which of the valid numbers the send will not send to, asked of the server as the numbers change (the send reads the
 * same): those on the organization's opt-out list (D19) and (live) those no carrier route takes (D14). While the
 * answer is on its way the previous one stays; until the first, none.
 */
function useNotSent(valid: string[]): NotSent {
  const client = useTRPCClient();
  const phones = useMemo(() => [...new Set(valid)].sort(), [valid]);
  const checked = useQuery({
    queryKey: ['optOuts.check', phones],
    queryFn: () => client.optOuts.check.mutate({ phones }),
    enabled: phones.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: toSets,
  });
  return phones.length && checked.data ? checked.data : NONE;
}

