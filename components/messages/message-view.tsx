'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageTexts } from './message-texts';
import { useEffect, useRef, useState } from 'react';
import { MAX_SHOWN_RECIPIENTS, RECIPIENTS_STEP, type MessageDetail, type RecipientRow } from '@/server/contracts/messages-dashboard';
import { useTRPC } from '@/components/providers';
import { Alert, Card } from '@/components/ui/card';
import { messageOf } from '@/components/ui/form-errors';
import { EventTimeline } from './event-timeline';
import { Pair, ProgressCard } from './progress-card';
import { RecipientsTable } from './recipients-table';
import { StatusBadge } from './status-badge';
import { formatLocal, formatMoney, plural } from './format';
import { FAST_REFRESH_MS, refreshEvery } from './refresh';

/** Where a send came from, as the merchant knows it (MessageDetail.channel). */
const SENT_FROM: Record<MessageDetail['channel'], string> = {
  api: 'The API',
  dashboard: 'This dashboard (Compose)',
  smpp: 'SMPP',
  keyword: 'The gateway: an automatic reply to STOP, START or HELP',
};

/**
 * The message page. One query (messages.get with the shown recipient rows) is its snapshot: the status, the progress
 * counters and the recipients table come from the same answer, so they agree at every refresh; it is asked again by
 * the rule of refresh.ts until every delivery is final.
 */
export function MessageView({ initial, canControl }: { initial: MessageDetail; canControl: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = initial.status.message_id;
  const [state, setState] = useState<RecipientRow['state'] | ''>('');
  const [limit, setLimit] = useState(RECIPIENTS_STEP);
  const first = state === '' && limit === RECIPIENTS_STEP;
  const q = useQuery(
    trpc.messages.get.queryOptions(
      { id, recipients: { state: state || undefined, limit } },
      {
        initialData: () => (first ? initial : undefined),
        placeholderData: keepPreviousData,
        refetchInterval: (query) => refreshEvery(query.state.data?.status ?? initial.status),
      },
    ),
  );
  const d = q.data ?? initial;
  const s = d.status;
  const tz = d.timezone;
  const refetchMs = refreshEvery(s);

  // When the send settles, fetch the events once more so their last ones show.
  const wasLive = useRef(d.live);
  useEffect(() => {
    if (wasLive.current && !d.live) void queryClient.invalidateQueries({ queryKey: trpc.messages.events.pathKey() });
    wasLive.current = d.live;
  }, [d.live, queryClient, trpc]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <p aria-live="polite" className="text-sm text-slate-700">
          Status <StatusBadge status={s.status} />
        </p>
        <p className="text-sm text-slate-600">
          {d.live ? (refetchMs === FAST_REFRESH_MS ? 'Updating every 2 seconds…' : 'Updating every 15 seconds') : 'Final'}
        </p>
      </div>

      {q.isError && <Alert>This page could not be updated: {messageOf(q.error)}</Alert>}

      <ProgressCard d={d} canControl={canControl} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Content">
          <MessageTexts body={d.body} originalBody={d.original_body} />
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Pair label="Encoding" value={`${d.encoding}, ${d.segments} ${d.segments === 1 ? 'segment' : 'segments'}`} />
            <Pair label="Sender ID" value={d.sender_id ?? '—'} />
            <Pair label="Sent as" value={d.app.name} />
            <Pair label="Sent from" value={SENT_FROM[d.channel]} />
            <Pair label="Type" value={s.sending_type} />
            {d.callback_url && <Pair label="Callback URL" value={d.callback_url} />}
          </dl>
        </Card>
        <Card title="Schedule">
          <ScheduleSummary d={d} />
        </Card>
      </div>

      <Card title="Recipients">
        <RecipientsTable
          page={d.recipients}
          timezone={tz}
          currency={s.currency}
          state={state}
          onState={(next) => {
            setState(next);
            setLimit(RECIPIENTS_STEP);
          }}
          onMore={() => setLimit((n) => Math.min(n + RECIPIENTS_STEP, MAX_SHOWN_RECIPIENTS))}
          loading={q.isPlaceholderData}
        />
      </Card>

      <Card title="Events and webhook deliveries">
        <EventTimeline id={id} timezone={tz} canReplay={canControl} refetchMs={refetchMs} />
      </Card>
    </div>
  );
}

function ScheduleSummary({ d }: { d: MessageDetail }) {
  const tz = d.timezone;
  const shownAll = d.dispatches.length >= Object.values(d.dispatch_counts).reduce((a, b) => a + b, 0);
  return (
    <div className="space-y-3 text-sm">
      {d.schedule === null && <p className="text-slate-700">Sent immediately.</p>}
      {d.schedule?.kind === 'scheduled' && <p className="text-slate-700">{plural(d.schedule.scheduled_dates.length, 'chosen date')}, in {tz}.</p>}
      {d.schedule?.kind === 'recurring' && (
        <p className="text-slate-700">
          {d.schedule.recurring_schedule.frequency}, every {d.schedule.recurring_schedule.interval}, from {d.schedule.recurring_schedule.start_date}
          {d.schedule.recurring_schedule.end_date ? ` to ${d.schedule.recurring_schedule.end_date}` : ' for a year'}, at {d.schedule.recurring_schedule.times.join(', ')} ({tz}).
        </p>
      )}
      <div className="max-h-72 overflow-auto">
        <table className="w-full text-left">
          <caption className="sr-only">Sends of this message and their states</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">#</th>
              <th scope="col" className="py-1 pr-2 font-medium">When</th>
              <th scope="col" className="py-1 pr-2 font-medium">State</th>
              <th scope="col" className="py-1 text-right font-medium">Cost</th>
            </tr>
          </thead>
          <tbody>
            {d.dispatches.map((x) => (
              <tr key={x.seq} className="border-t border-slate-100">
                <td className="py-1 pr-2 tabular-nums">{x.seq + 1}</td>
                <td className="py-1 pr-2">{x.dispatch_at ? formatLocal(x.dispatch_at, tz) : 'immediately'}</td>
                <td className="py-1 pr-2">
                  <StatusBadge status={x.state} /> {x.refunded && <span className="text-xs text-slate-600">refunded</span>}
                </td>
                <td className="py-1 text-right tabular-nums">{formatMoney(x.cost, d.status.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!shownAll && <p className="text-xs text-slate-600">The first {d.dispatches.length} sends are shown.</p>}
    </div>
  );
}
