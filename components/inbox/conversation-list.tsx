'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { MAX_UNREAD_COUNTED, type ConversationsPage } from '@/shared/contracts/inbox';
import { useTRPC } from '@/components/providers';
import { EmptyState } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import { conversationHref } from './links';

/** How often the first page asks again, for conversations that moved or came in. */
const LIST_REFRESH_MS = 15_000;
const pageLink = 'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm text-slate-800 hover:bg-slate-50';

/**
 * One page of the Inbox, newest activity first; an unread conversation (an SMS after its last opening) is marked by
 * a dot, bold text and its count. The first page asks again every 15 s; older pages stay as they were loaded.
 */
export function ConversationList({ initial, cursor }: { initial: ConversationsPage; cursor: string | null }) {
  const trpc = useTRPC();
  const t = useTranslations('inbox.list');
  const f = useFormat();
  const { data } = useQuery(
    trpc.inbox.list.queryOptions({ cursor: cursor ?? undefined }, { initialData: initial, refetchInterval: cursor ? false : LIST_REFRESH_MS }),
  );
  const page = data ?? initial;
  if (page.items.length === 0) {
    return <EmptyState>{cursor ? t('noOlder') : t('none')}</EmptyState>;
  }
  return (
    <div className="space-y-4">
      <ul aria-label={t('label')} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
        {page.items.map((c) => (
          <li key={c.phone} data-testid="conversation" data-unread={c.unread || undefined}>
            <Link href={conversationHref(c.phone)} className="flex items-start gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600">
              <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${c.unread ? 'bg-blue-600' : 'bg-transparent'}`} />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className={`font-mono text-sm ${c.unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>{c.phone}</span>
                  <span className="text-xs text-slate-600">{f.dateTime(c.last_activity_at, page.timezone)}</span>
                </span>
                <span className={`mt-0.5 block truncate text-sm ${c.unread ? 'font-medium text-slate-900' : 'text-slate-600'}`}>{c.last_inbound.text || t('emptySms')}</span>
                <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-600">
                  <span>
                    {t('to', { number: c.last_inbound.to })}
                    {c.last_inbound.keyword && ` · ${c.last_inbound.keyword}`}
                  </span>
                  {c.unread && (
                    <span className="font-medium text-blue-800">
                      {c.unread_count >= MAX_UNREAD_COUNTED ? t('unreadMax', { max: MAX_UNREAD_COUNTED }) : t('unread', { count: c.unread_count })}
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <nav aria-label={t('pages')} className="flex justify-between">
        {cursor ? (
          <Link href="/dashboard/inbox" className={pageLink}>
            {t('newest')}
          </Link>
        ) : (
          <span />
        )}
        {page.next_cursor && (
          <Link href={`/dashboard/inbox?cursor=${encodeURIComponent(page.next_cursor)}`} className={pageLink}>
            {t('older')}
          </Link>
        )}
      </nav>
    </div>
  );
}
