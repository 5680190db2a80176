'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MessageDetail } from '@/server/contracts/messages-dashboard';
import { useTRPC } from '@/components/providers';
import { Card } from '@/components/ui/card';
import { ControlButtons } from './control-buttons';
import { EventTimeline } from './event-timeline';
import { RecipientsTable } from './recipients-table';
import { StatusBadge } from './status-badge';
import { formatCount, formatLocal, formatMoney } from './format';
import { FAST_REFRESH_MS, refreshEvery } from './refresh';

export function MessageView({ initial, canControl }: { initial: MessageDetail; canControl: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = initial.status.message_id;
  const { data } = useQuery(trpc.messages.get.queryOptions({ id }, { initialData: initial, refetchInterval: (q) => refreshEvery(q.state.data?.status ?? initial.status) }));
  const d = data ?? initial;
  const s = d.status;
  const tz = d.timezone;
  const refetchMs = refreshEvery(s);

  // When the send settles, fetch the recipients and events once more so their last states show.
  const wasLive = useRef(d.live);
  useEffect(() => {
    if (wasLive.current && !d.live) void queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
    wasLive.current = d.live;
  }, [d.live, queryClient, trpc]);

  const deliveries = s.total_recipients * s.dispatches_total;
  const pct = (n: number) => (deliveries ? (n / deliveries) * 100 : 0);
  const counters: Array<[string, number, string]> = [
    ['Delivered', s.delivered, 'bg-green-600'],
    ['Failed', s.failed, 'bg-red-600'],
    ['Pending', s.pending, 'bg-slate-400'],
    ['Cancelled', s.cancelled, 'bg-slate-200'],
  ];

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

      <Card title="Progress">
        <div className="flex h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          {counters.map(([label, n, color]) => (n > 0 ? <div key={label} className={color} style={{ width: `${pct(n)}%` }} /> : null))}
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {counters.map(([label, n]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums text-slate-900" data-testid={`count-${label.toLowerCase()}`}>
                {formatCount(n)}
              </dd>
            </div>
          ))}
        </dl>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Pair label="Recipients" value={formatCount(s.total_recipients)} />
          <Pair label="Sends (dispatches)" value={`${formatCount(s.dispatches_done)} of ${formatCount(s.dispatches_total)} done`} />
          <Pair label="SMS billed" value={formatCount(s.total_messages)} />
          <Pair label="Cost" value={formatMoney(s.total_cost, s.currency)} />
          <Pair label="Created" value={formatLocal(s.created_at, tz)} />
          <Pair label="Last change" value={formatLocal(s.updated_at, tz)} />
          {s.next_dispatch_at && <Pair label="Next send" value={`${formatLocal(s.next_dispatch_at, tz)} (${tz})`} />}
        </dl>
        {canControl && (
          <div className="mt-4">
            <ControlButtons detail={d} />
          </div>
        )}
        {!canControl && (d.controls.can_cancel || d.controls.can_pause || d.controls.can_resume) && (
          <p className="mt-4 text-sm text-slate-600">Developers and owners can pause, resume or cancel this send.</p>
        )}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Content">
          <p className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm text-slate-900">{d.body}</p>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Pair label="Encoding" value={`${d.encoding}, ${d.segments} ${d.segments === 1 ? 'segment' : 'segments'}`} />
            <Pair label="Sender ID" value={d.sender_id ?? '—'} />
            <Pair label="Sent as" value={d.app.name} />
            <Pair label="Sent over" value={d.channel === 'smpp' ? 'SMPP' : 'API'} />
            <Pair label="Type" value={s.sending_type} />
            {d.callback_url && <Pair label="Callback URL" value={d.callback_url} />}
          </dl>
        </Card>
        <Card title="Schedule">
          <ScheduleSummary d={d} />
        </Card>
      </div>

      <Card title="Recipients">
        <RecipientsTable id={id} timezone={tz} currency={s.currency} refetchMs={refetchMs} />
      </Card>

      <Card title="Events and webhook deliveries">
        <EventTimeline id={id} timezone={tz} canReplay={canControl} refetchMs={refetchMs} />
      </Card>
    </div>
  );
}

function Pair({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function ScheduleSummary({ d }: { d: MessageDetail }) {
  const tz = d.timezone;
  const shownAll = d.dispatches.length >= Object.values(d.dispatch_counts).reduce((a, b) => a + b, 0);
  return (
    <div className="space-y-3 text-sm">
      {d.schedule === null && <p className="text-slate-700">Sent immediately.</p>}
      {d.schedule?.kind === 'scheduled' && <p className="text-slate-700">{d.schedule.scheduled_dates.length} chosen dates, in {tz}.</p>}
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
