'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import Link from 'next/link';
import type { ListMessagesInput, MessagePage } from '@/shared/contracts/messages-dashboard';
import { useTRPC } from '@/components/providers';
import { EmptyState } from '@/components/ui/card';
import { MessagesTable } from './messages-table';
import { followEvery, refreshEveryOf } from './refresh';

const pageLink = 'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm text-slate-800 hover:bg-slate-50';

/**
 * One page of the history, asked again while any send on it is in progress (the message page's rule, refresh.ts)
 * and no more once every send shown is final; the first page also follows new sends (followEvery), while the tab is
 * visible. `filters` are the page's search values, kept in the page links; `empty` shows while the page has no send.
 */
export function LiveMessages({ input, initial, filters, empty }: { input: ListMessagesInput; initial: MessagePage; filters: Record<string, string>; empty?: ReactNode }) {
  const trpc = useTRPC();
  const t = useTranslations('messages.live');
  const first = !input.cursor;
  const { data } = useQuery(
    trpc.messages.list.queryOptions(input, {
      initialData: initial,
      refetchInterval: (q) => {
        const every = refreshEveryOf(q.state.data?.items ?? []);
        return first ? followEvery(every) : every;
      },
      refetchIntervalInBackground: false,
    }),
  );
  const page = data ?? initial;
  const every = refreshEveryOf(page.items);
  const link = (cursor: string, dir: 'next' | 'prev') => {
    const q = new URLSearchParams(filters);
    q.set('cursor', cursor);
    if (dir === 'prev') q.set('dir', 'prev');
    return `/dashboard/messages?${q}`;
  };

  return (
    <>
      {every !== false && <p className="text-sm text-slate-600">{t('inProgress', { seconds: every / 1000 })}</p>}
      {page.items.length > 0 ? <MessagesTable page={page} /> : (empty ?? <EmptyState>{t('noneOnPage')}</EmptyState>)}
      <nav aria-label={t('pages')} className="flex justify-between">
        {page.prev_cursor ? (
          <Link href={link(page.prev_cursor, 'prev')} className={pageLink}>
            {t('newer')}
          </Link>
        ) : (
          <span />
        )}
        {page.next_cursor && (
          <Link href={link(page.next_cursor, 'next')} className={pageLink}>
            {t('older')}
          </Link>
        )}
      </nav>
    </>
  );
}
