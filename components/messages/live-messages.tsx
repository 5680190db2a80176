'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { ListMessagesInput, MessagePage } from '@/server/contracts/messages-dashboard';
import { useTRPC } from '@/components/providers';
import { EmptyState } from '@/components/ui/card';
import { MessagesTable } from './messages-table';
import { refreshEveryOf } from './refresh';

const pageLink = 'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm text-slate-800 hover:bg-slate-50';

/**
 * One page of the history, asked again while any send on it is in progress (the message page's rule, refresh.ts)
 * and no more once every send shown is final. `filters` are the page's search values, kept in the page links.
 */
export function LiveMessages({ input, initial, filters }: { input: ListMessagesInput; initial: MessagePage; filters: Record<string, string> }) {
  const trpc = useTRPC();
  const t = useTranslations('messages.live');
  const { data } = useQuery(
    trpc.messages.list.queryOptions(input, { initialData: initial, refetchInterval: (q) => refreshEveryOf(q.state.data?.items ?? []) }),
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
      {page.items.length > 0 ? <MessagesTable page={page} /> : <EmptyState>{t('noneOnPage')}</EmptyState>}
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
