'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { ConversationItem, ConversationView } from '@/shared/contracts/inbox';
import { useTRPC } from '@/components/providers';
import { Alert, EmptyState } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import { EventItem } from '@/components/messages/event-timeline';
import { StatusBadge } from '@/components/messages/status-badge';
import { messageOf } from '@/components/ui/form-errors';
import { FAST_REFRESH_MS, SLOW_REFRESH_MS } from '@/components/messages/refresh';
import { conversationHref } from './links';

const FINAL = new Set(['delivered', 'failed', 'cancelled']);

/** The latest page asks again every 2 s while one of its sends is under way, else every 15 s (new SMS); older pages never. */
export function threadRefresh(items: ConversationItem[], latest: boolean): number | false {
  if (!latest) return false;
  return items.some((i) => i.kind === 'send' && !FINAL.has(i.state)) ? FAST_REFRESH_MS : SLOW_REFRESH_MS;
}

/**
 * A conversation, oldest at the top: the phone's SMS on the left, the organization's sends on the right. Showing the
 * latest page marks the conversation read up to the newest SMS shown (for the whole organization), again whenever
 * a newer one appears.
 */
export function ConversationThread({ initial, cursor }: { initial: ConversationView; cursor: string | null }) {
  const trpc = useTRPC();
  const latest = cursor === null;
  const { data } = useQuery(
    trpc.inbox.get.queryOptions(
      { phone: initial.phone, cursor: cursor ?? undefined },
      { initialData: initial, refetchInterval: (q) => threadRefresh(q.state.data?.items ?? initial.items, latest) },
    ),
  );
  const view = data ?? initial;
  const queryClient = useQueryClient();
  // The Inbox list kept in this tab's cache still shows the conversation unread: drop it once the mark is stored.
  const markRead = useMutation(
    trpc.inbox.markRead.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.inbox.list.pathKey() }) }),
  );
  const newestInbound = view.items.find((i) => i.kind === 'inbound')?.at ?? null;
  const { mutate } = markRead;
  useEffect(() => {
    if (latest && newestInbound) mutate({ phone: view.phone, through: newestInbound });
  }, [latest, newestInbound, view.phone, mutate]);

  const every = threadRefresh(view.items, latest);
  const t = useTranslations('inbox.thread');
  return (
    <section aria-labelledby="thread-title" className="space-y-3">
      <h2 id="thread-title" className="sr-only">
        {t('title', { phone: view.phone })}
      </h2>
      <nav aria-label={t('pagesLabel')} className="flex justify-between text-sm">
        {view.older_cursor ? (
          <Link href={conversationHref(view.phone, view.older_cursor)} className="text-blue-700 underline">
            {t('earlier')}
          </Link>
        ) : (
          <span className="text-slate-600">{t('start')}</span>
        )}
        {!latest && (
          <Link href={conversationHref(view.phone)} className="text-blue-700 underline">
            {t('latest')}
          </Link>
        )}
      </nav>
      {view.items.length === 0 ? (
        <EmptyState>{t('noneOnPage')}</EmptyState>
      ) : (
        <ol aria-label={t('messages')} className="space-y-3">
          {[...view.items].reverse().map((item) => (
            <li key={item.kind === 'inbound' ? item.inbound_id : item.message_id} className={`flex ${item.kind === 'send' ? 'justify-end' : 'justify-start'}`}>
              {item.kind === 'inbound' ? <InboundBubble item={item} timeZone={view.timezone} /> : <SendBubble item={item} timeZone={view.timezone} />}
            </li>
          ))}
        </ol>
      )}
      {every === FAST_REFRESH_MS && <p className="text-xs text-slate-600">{t('replyUnderWay')}</p>}
    </section>
  );
}

function InboundBubble({ item, timeZone }: { item: Extract<ConversationItem, { kind: 'inbound' }>; timeZone: string }) {
  const t = useTranslations('inbox');
  const f = useFormat();
  return (
    <article data-testid="inbound-item" data-unread={item.unread || undefined} className="max-w-[85%] rounded-lg rounded-tl-none border border-slate-200 bg-white px-4 py-2 shadow-sm">
      <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{item.text || <em className="text-slate-600">{t('list.emptySms')}</em>}</p>
      <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-600">
        {item.unread && <span className="font-semibold text-blue-800">{t('thread.new')}</span>}
        <span>{t('thread.received', { time: f.dateTime(item.at, timeZone) })}</span>
        <span>
          {t('list.to', { number: item.to })}
          {item.keyword && t('thread.keyword', { keyword: item.keyword })}
        </span>
        <span>{t('thread.via', { carrier: item.carrier })}</span>
        {item.segments > 1 && <span>{t('thread.parts', { count: item.segments })}</span>}
        {!item.complete && <span className="text-amber-800">{t('thread.partsMissing')}</span>}
        {item.opt_out && <span>{t('thread.optOutKeyword', { keyword: item.opt_out.toUpperCase() })}</span>}
      </p>
      <InboundWebhook inboundId={item.inbound_id} timeZone={timeZone} />
    </article>
  );
}

/** The MO's sms.received event and its deliveries to inbound_url, read when opened; Replay for developers. */
function InboundWebhook({ inboundId, timeZone }: { inboundId: string; timeZone: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const q = useQuery(trpc.inbox.webhookLog.queryOptions({ inbound_id: inboundId }, { enabled: open }));
  const event = q.data?.event;
  const t = useTranslations('inbox.thread');
  return (
    <details className="mt-1 text-xs" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-blue-700 underline">{t('webhook')}</summary>
      <div className="mt-2">
        {q.isError && <Alert>{messageOf(q.error)}</Alert>}
        {q.isPending && open && <p className="text-slate-600">{t('loadingLog')}</p>}
        {q.isSuccess && !event && <p className="text-slate-600">{t('noEvent')}</p>}
        {event && (
          <>
            {event.deliveries.length === 0 && (
              <p className="mb-2 text-slate-600">{t('noInboundUrl')}</p>
            )}
            <ol>
              <EventItem event={{ ...event, recipient_phone: null }} timezone={timeZone} canReplay={q.data?.can_replay ?? false} />
            </ol>
          </>
        )}
      </div>
    </details>
  );
}

function SendBubble({ item, timeZone }: { item: Extract<ConversationItem, { kind: 'send' }>; timeZone: string }) {
  const scheduled = item.dispatch_at !== null && item.state === 'pending';
  const t = useTranslations('inbox.thread');
  const tl = useTranslations('inbox');
  const f = useFormat();
  return (
    <article data-testid="send-item" className="max-w-[85%] rounded-lg rounded-tr-none border border-blue-200 bg-blue-50 px-4 py-2 shadow-sm">
      <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{item.text ?? <em className="text-slate-600">{tl('list.textExpired')}</em>}</p>
      <p className="mt-1 flex flex-wrap items-center justify-end gap-x-2 text-xs text-slate-600">
        <span>{t('sent', { time: f.dateTime(item.at, timeZone) })}</span>
        {item.sender_id && <span>{t('from', { sender: item.sender_id })}</span>}
        {scheduled && <span>{t('goesOut', { time: f.dateTime(item.dispatch_at, timeZone) })}</span>}
        {item.dispatches_total > 1 && <span>{t('sends', { count: item.dispatches_total })}</span>}
        <span aria-live="polite">
          <StatusBadge status={item.state} />
        </span>
        {item.error_code && <span className="text-red-700">{item.error_code}</span>}
        <Link href={`/dashboard/messages/${item.message_id}`} className="text-blue-700 underline">
          {t('details')}
        </Link>
      </p>
    </article>
  );
}
