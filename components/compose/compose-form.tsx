'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { ComposeOptions } from '@/shared/contracts/compose';
import { parsePastedRecipients, type RecipientEntry } from '@/shared/messages/compose/parse-recipients';
import { dropInvalid, entriesText, removeDuplicates, type EntriesChange } from '@/shared/messages/compose/recipient-actions';
import { toSendRequest } from '@/shared/messages/compose/send-request';
import { Alert } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { AppChoice } from './app-choice';
import { MessageInput } from './message-input';
import { ProblemSummary } from './problem-summary';
import { scheduleProblemText } from './problem-texts';
import { RecipientsInput, type CsvFile } from './recipients-input';
import { ScheduleInput } from './schedule-input';
import { SendPanel } from './send-panel';
import { SenderInput } from './sender-input';
import { SmartEncodingChoice } from './smart-encoding-choice';
import { useComposePreview } from './use-compose-preview';
import { useComposeProblems } from './use-compose-problems';
import { useComposeSchedule } from './use-compose-schedule';
import { useComposeSend } from './use-compose-send';

/** Compose: the send's fields on the left, its cost and the send button beside them. The parts hold the logic. */
export function ComposeForm({ options, today, tomorrow }: { options: ComposeOptions; today: string; tomorrow: string }) {
  const t = useTranslations('compose.form');
  const tSchedule = useTranslations('compose.scheduleProblems');
  const [appId, setAppId] = useState(options.apps[0]?.app_id ?? '');
  const [typed, setTyped] = useState('');
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [message, setMessage] = useState('');
  const [senderId, setSenderId] = useState('');
  const [callbackUrl, setCallbackUrl] = useState('');
  const [smartEncoding, setSmartEncoding] = useState(options.smart_encoding);
  const { kind, setKind, dates, setDates, rule, setRule, schedule } = useComposeSchedule(tomorrow);

  const typedEntries = useMemo(() => parsePastedRecipients(typed), [typed]);
  const entries = csv ? csv.entries : typedEntries;
  const { preview, other, otherMode, liveAnalysis } = useComposePreview({ entries, message, schedule, smartEncoding, options });
  const problems = useComposeProblems({ entries, schedule, preview, defaultCountry: options.default_country });
  const { errors, edited } = problems;
  const send = useComposeSend({
    appId,
    options,
    preview,
    message,
    scheduled: kind === 'scheduled',
    sendRequest: () => toSendRequest({ entries, message, senderId, callbackUrl, schedule, smartEncoding }),
    problems,
  });

  /** "Drop invalid lines" and "Remove duplicates": the box (or the file's entries) without them; how many went. */
  function change(action: (entries: RecipientEntry[], country: string) => EntriesChange): number {
    const r = action(entries, options.default_country);
    if (csv) edited('recipients', setCsv)({ ...csv, entries: r.entries });
    else edited('recipients', setTyped)(entriesText(r.entries));
    return r.removed;
  }

  return (
    <form onSubmit={send.onSubmit} noValidate className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <div ref={problems.summaryRef} tabIndex={-1} className="space-y-3 empty:hidden focus:outline-none">
          <ProblemSummary errors={errors} />
          {problems.formError && <Alert>{problems.formError}</Alert>}
        </div>

        <AppChoice options={options} appId={appId} onAppId={setAppId} errors={errors.app} />

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
          issues={preview.scheduleIssues.map((i) => scheduleProblemText(tSchedule, i.problem))}
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

      <SendPanel preview={preview} options={options} kind={kind} send={send} />
    </form>
  );
}
