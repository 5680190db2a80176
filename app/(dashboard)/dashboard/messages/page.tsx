import Link from 'next/link';
import { TRPCError } from '@trpc/server';
import { serverCaller } from '@/server/api/server-caller';
import { ListMessagesInput, type MessagePage } from '@/server/contracts/messages-dashboard';
import { ApiError } from '@/server/errors/api-error';
import { Alert, EmptyState, PageHeader } from '@/components/ui/card';
import { MessagesFilters, type FilterValues } from '@/components/messages/messages-filters';
import { MessagesTable } from '@/components/messages/messages-table';

export const metadata = { title: 'Messages · SMS Gateway' };

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

/** The first field error of a failed list call (bad date range, too short a phone search, stale cursor). */
function problemOf(e: unknown): { field: string | null; message: string } | null {
  const cause = e instanceof TRPCError ? e.cause : null;
  if (cause instanceof ApiError) return { field: cause.options.errors?.[0]?.field ?? null, message: cause.options.errors?.[0]?.message ?? cause.message };
  return null;
}

export default async function MessagesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const values: FilterValues = { status: one(sp.status), sending_type: one(sp.sending_type), from: one(sp.from), to: one(sp.to), phone: one(sp.phone) };
  const { api } = await serverCaller();
  const parsed = ListMessagesInput.safeParse({ ...values, cursor: one(sp.cursor), direction: one(sp.dir) === 'prev' ? 'prev' : 'next' });
  let page: MessagePage | null = null;
  let problem: { field: string | null; message: string } | null = null;
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    problem = { field: String(issue.path[0] ?? ''), message: `${String(issue.path[0] ?? 'filter')}: ${issue.message}` };
  } else {
    try {
      page = await api.messages.list(parsed.data);
    } catch (e) {
      problem = problemOf(e);
      if (!problem) throw e;
    }
  }
  const filtered = Object.values(values).some(Boolean);
  const link = (cursor: string, dir: 'next' | 'prev') => {
    const q = new URLSearchParams(Object.entries(values).filter((kv): kv is [string, string] => Boolean(kv[1])));
    q.set('cursor', cursor);
    if (dir === 'prev') q.set('dir', 'prev');
    return `/dashboard/messages?${q}`;
  };

  return (
    <>
      <PageHeader
        title="Messages"
        description="Every send of your organization, newest first."
        actions={
          <Link href="/dashboard/compose" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
            Compose
          </Link>
        }
      />
      <div className="space-y-4">
        <MessagesFilters values={values} errorField={problem?.field} />
        {problem && <Alert>{problem.message}</Alert>}
        {page && page.items.length === 0 && (
          <EmptyState>
            {filtered ? (
              <>
                No messages match these filters.{' '}
                <Link href="/dashboard/messages" className="text-blue-700 underline">
                  Clear the filters
                </Link>
              </>
            ) : (
              <>
                No messages yet.{' '}
                <Link href="/dashboard/compose" className="text-blue-700 underline">
                  Compose your first message
                </Link>
                , or send one with POST /send.
              </>
            )}
          </EmptyState>
        )}
        {page && page.items.length > 0 && (
          <>
            <MessagesTable page={page} />
            <nav aria-label="Pages" className="flex justify-between">
              {page.prev_cursor ? (
                <Link href={link(page.prev_cursor, 'prev')} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm text-slate-800 hover:bg-slate-50">
                  ← Newer
                </Link>
              ) : (
                <span />
              )}
              {page.next_cursor && (
                <Link href={link(page.next_cursor, 'next')} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm text-slate-800 hover:bg-slate-50">
                  Older →
                </Link>
              )}
            </nav>
          </>
        )}
      </div>
    </>
  );
}
