'use client';

import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { TimelineEvent } from '@/shared/contracts/messages-dashboard';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert, EmptyState } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { messageOf } from '@/components/ui/form-errors';
import { StatusBadge } from './status-badge';
import { formatLocalSeconds } from '@/components/ui/format';

/** The events of the send, oldest first, each with its webhook deliveries and every attempt; replay for developers. */
export function EventTimeline({ id, timezone, canReplay, refetchMs }: { id: string; timezone: string; canReplay: boolean; refetchMs: number | false }) {
  const trpc = useTRPC();
  const t = useTranslations('messages.events');
  const q = useInfiniteQuery(
    trpc.messages.events.infiniteQueryOptions({ id, limit: 50 }, { getNextPageParam: (last) => last.next_cursor ?? undefined, refetchInterval: refetchMs }),
  );
  const events = q.data?.pages.flatMap((p) => p.items) ?? [];
  const anyDelivery = events.some((e) => e.deliveries.length > 0);

  return (
    <div className="space-y-3">
      {q.isError && <Alert>{messageOf(q.error)}</Alert>}
      {q.isPending && <p className="text-sm text-slate-600">{t('loading')}</p>}
      {q.isSuccess && events.length === 0 && <EmptyState>{t('none')}</EmptyState>}
      {q.isSuccess && events.length > 0 && !anyDelivery && (
        <p className="text-sm text-slate-600">{t('noWebhook')}</p>
      )}
      <ol className="space-y-2">
        {events.map((e) => (
          <EventItem key={e.event_id} event={e} timezone={timezone} canReplay={canReplay} />
        ))}
      </ol>
      {q.hasNextPage && (
        <Button variant="secondary" disabled={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
          {q.isFetchingNextPage ? t('loadingMore') : t('later')}
        </Button>
      )}
    </div>
  );
}

/** An event of a delivery log: a send's (TimelineEvent) or an MO's sms.received (the Inbox). */
export type LoggedEvent = Omit<TimelineEvent, 'event_type' | 'recipient_phone'> & { event_type: string; recipient_phone: string | null };

/** One event with its deliveries and every attempt, and Replay for developers (a new delivery of the same event). */
export function EventItem({ event: e, timezone, canReplay }: { event: LoggedEvent; timezone: string; canReplay: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const replay = useMutation(trpc.messages.replayEvent.mutationOptions());
  const t = useTranslations('messages.events');
  const [note, setNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const last = e.deliveries[e.deliveries.length - 1];

  async function onReplay() {
    setNote(null);
    try {
      await replay.mutateAsync({ event_id: e.event_id });
      setNote({ tone: 'success', text: t('replayQueued') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.messages.events.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.inbox.webhookLog.pathKey() }),
      ]);
    } catch (err) {
      setNote({ tone: 'error', text: messageOf(err) });
    }
  }

  return (
    <li className="rounded-md border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <time dateTime={e.created_at} className="font-mono text-xs text-slate-600">
          {formatLocalSeconds(e.created_at, timezone)}
        </time>
        <span className="font-medium text-slate-900">{e.event_type}</span>
        {e.recipient_phone && <span className="font-mono text-slate-700">{e.recipient_phone}</span>}
        <span className="text-slate-600">
          {e.deliveries.length === 0 ? (
            t('notDelivered')
          ) : (
            last && (
              <>
                {t('webhook')} <StatusBadge status={last.state} />
              </>
            )
          )}
        </span>
        {canReplay && (
          <Button variant="secondary" className="ml-auto px-3 py-1" disabled={replay.isPending} onClick={onReplay} aria-label={e.recipient_phone ? t('replayLabelFor', { type: e.event_type, phone: e.recipient_phone }) : t('replayLabel', { type: e.event_type })}>
            {t('replay')}
          </Button>
        )}
      </div>
      {note && (
        <div className="mt-2">
          <Alert tone={note.tone}>{note.text}</Alert>
        </div>
      )}
      <details className="mt-2">
        <summary className="cursor-pointer text-xs text-blue-700 underline">
          {t('payload', { count: e.deliveries.length })}
        </summary>
        <pre className="mt-2 max-h-60 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(e.payload, null, 2)}</pre>
        {e.deliveries.length > 0 && (
          <ol className="mt-2 space-y-2">
            {e.deliveries.map((d, i) => (
              <li key={d.delivery_id} className="rounded border border-slate-200 p-2">
                <p>
                  {t.rich('delivery', { n: i + 1, url: d.url, mono: (c) => <span className="break-all font-mono text-xs">{c}</span> })} <StatusBadge status={d.state} />
                  {t('attempts', { attempts: d.attempts })}
                  {d.next_attempt_at && t('nextTry', { time: formatLocalSeconds(d.next_attempt_at, timezone) })}
                </p>
                {d.attempt_log.length > 0 && (
                  <DataTable
                    caption={t('attemptsCaption', { n: i + 1 })}
                    look="dense"
                    small
                    frameClassName="mt-1"
                    rowClassName=""
                    rows={d.attempt_log}
                    rowKey={(_, j) => j}
                    columns={[
                      { id: 'when', header: t('when'), className: 'font-mono', cell: (a) => formatLocalSeconds(a.attempted_at, timezone) },
                      { id: 'http', header: t('http'), cell: (a) => a.status_code ?? '—' },
                      { id: 'time', header: t('time'), cell: (a) => t('ms', { ms: a.latency_ms }) },
                      { id: 'error', header: t('error'), cell: (a) => a.error ?? '' },
                      {
                        id: 'answer',
                        header: t('answer'),
                        className: 'max-w-xs',
                        cell: (a) =>
                          a.response_body ? (
                            <span className="block truncate font-mono" title={a.response_body}>
                              {a.response_body}
                            </span>
                          ) : (
                            ''
                          ),
                      },
                    ]}
                  />
                )}
              </li>
            ))}
          </ol>
        )}
      </details>
    </li>
  );
}
