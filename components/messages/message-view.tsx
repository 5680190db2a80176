'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { MessageTexts } from './message-texts';
import { useEffect, useRef, useState } from 'react';
import { MAX_SHOWN_RECIPIENTS, RECIPIENTS_STEP, type MessageDetail, type RecipientRow } from '@/shared/contracts/messages-dashboard';
import { useTRPC } from '@/components/providers';
import { Alert, Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { messageOf } from '@/components/ui/form-errors';
import { EventTimeline } from './event-timeline';
import { Pair, ProgressCard } from './progress-card';
import { RecipientsTable } from './recipients-table';
import { StatusBadge } from './status-badge';
import { useFormat } from '@/components/ui/format';
import { FAST_REFRESH_MS, refreshEvery } from './refresh';

/**
 * The message page. One query (messages.get with the shown recipient rows) is its snapshot: the status, the progress
 * counters and the recipients table come from the same answer, so they agree at every refresh; it is asked again by
 * the rule of refresh.ts until every delivery is final.
 */
export function MessageView({ initial, canControl }: { initial: MessageDetail; canControl: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const t = useTranslations('messages');
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
          {t('detail.status')} <StatusBadge status={s.status} />
        </p>
        <p className="text-sm text-slate-600">
          {d.live ? (refetchMs === FAST_REFRESH_MS ? t('detail.updatingFast') : t('detail.updatingSlow')) : t('detail.final')}
        </p>
      </div>

      {q.isError && <Alert>{t('detail.updateFailed', { message: messageOf(q.error) })}</Alert>}

      <ProgressCard d={d} canControl={canControl} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('detail.content')}>
          <MessageTexts body={d.body} originalBody={d.original_body} />
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Pair label={t('detail.encoding')} value={t('detail.encodingValue', { encoding: d.encoding, count: d.segments })} />
            <Pair label={t('detail.senderId')} value={d.sender_id ?? '—'} />
            <Pair label={t('detail.sentAs')} value={d.app.name} />
            <Pair label={t('detail.sentFrom')} value={t(`detail.channels.${d.channel}`)} />
            <Pair label={t('detail.type')} value={t(`sendingTypes.${s.sending_type}`)} />
            {d.callback_url && <Pair label={t('detail.callbackUrl')} value={d.callback_url} />}
          </dl>
        </Card>
        <Card title={t('detail.schedule')}>
          <ScheduleSummary d={d} />
        </Card>
      </div>

      <Card title={t('detail.recipients')}>
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

      <Card title={t('detail.events')}>
        <EventTimeline id={id} timezone={tz} canReplay={canControl} refetchMs={refetchMs} />
      </Card>
    </div>
  );
}

function ScheduleSummary({ d }: { d: MessageDetail }) {
  const tz = d.timezone;
  const t = useTranslations('messages.detail');
  const f = useFormat();
  const shownAll = d.dispatches.length >= Object.values(d.dispatch_counts).reduce((a, b) => a + b, 0);
  return (
    <div className="space-y-3 text-sm">
      {d.schedule === null && <p className="text-slate-700">{t('sentImmediately')}</p>}
      {d.schedule?.kind === 'scheduled' && <p className="text-slate-700">{t('chosenDates', { count: d.schedule.scheduled_dates.length, timezone: tz })}</p>}
      {d.schedule?.kind === 'recurring' && (
        <p className="text-slate-700">
          {t('recurring', {
            frequency: t(`frequencies.${d.schedule.recurring_schedule.frequency}`),
            interval: d.schedule.recurring_schedule.interval,
            start: d.schedule.recurring_schedule.start_date,
            end: d.schedule.recurring_schedule.end_date ?? 'none',
            times: d.schedule.recurring_schedule.times.join(', '),
            timezone: tz,
          })}
        </p>
      )}
      <DataTable
        caption={t('sendsCaption')}
        look="dense"
        frameClassName="max-h-72 overflow-y-auto"
        rows={d.dispatches}
        rowKey={(x) => x.seq}
        columns={[
          { id: 'seq', header: '#', className: 'tabular-nums', cell: (x) => x.seq + 1 },
          { id: 'when', header: t('when'), cell: (x) => (x.dispatch_at ? f.local(x.dispatch_at, tz) : t('immediately')) },
          {
            id: 'state',
            header: t('state'),
            cell: (x) => (
              <>
                <StatusBadge status={x.state} /> {x.refunded && <span className="text-xs text-slate-600">{t('refunded')}</span>}
              </>
            ),
          },
          { id: 'cost', header: t('cost'), align: 'right', className: 'tabular-nums', cell: (x) => f.money(x.cost, d.status.currency) },
        ]}
      />
      {!shownAll && <p className="text-xs text-slate-600">{t('firstSends', { count: d.dispatches.length })}</p>}
    </div>
  );
}
