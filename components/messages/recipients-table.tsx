'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RECIPIENT_STATE_VALUES } from '@/server/contracts/messages-dashboard';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert, EmptyState } from '@/components/ui/card';
import { messageOf } from '@/components/ui/form-errors';
import { StatusBadge } from './status-badge';
import { formatCount, formatLocal, formatMoney } from './format';

type State = (typeof RECIPIENT_STATE_VALUES)[number];

/** Per-recipient states (one row per recipient per send moment), 50 at a time; refreshed while the send is live. */
export function RecipientsTable({ id, timezone, currency, refetchMs }: { id: string; timezone: string; currency: string; refetchMs: number | false }) {
  const trpc = useTRPC();
  const [state, setState] = useState<State | ''>('');
  const q = useInfiniteQuery(
    trpc.messages.recipients.infiniteQueryOptions(
      { id, limit: 50, state: state || undefined },
      { getNextPageParam: (last) => last.next_cursor ?? undefined, refetchInterval: refetchMs },
    ),
  );
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor="recipient-state" className="block text-xs font-medium text-slate-800">
            Show
          </label>
          <select id="recipient-state" value={state} onChange={(e) => setState(e.target.value as State | '')} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
            <option value="">Every state</option>
            {RECIPIENT_STATE_VALUES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {q.isSuccess && `Showing ${formatCount(rows.length)} of ${formatCount(total)}`}
        </p>
      </div>
      {q.isError && <Alert>{messageOf(q.error)}</Alert>}
      {q.isPending && <p className="text-sm text-slate-600">Loading recipients…</p>}
      {q.isSuccess && rows.length === 0 && <EmptyState>No recipient in this state.</EmptyState>}
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">Recipients and their delivery states. Times in {timezone}.</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-2 font-medium">#</th>
                <th scope="col" className="px-2 py-2 font-medium">Phone</th>
                <th scope="col" className="px-2 py-2 font-medium">Send</th>
                <th scope="col" className="px-2 py-2 font-medium">State</th>
                <th scope="col" className="px-2 py-2 font-medium">Detail</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">Price</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100 align-top">
                  <td className="px-2 py-2 tabular-nums text-slate-600">{r.position + 1}</td>
                  <th scope="row" className="whitespace-nowrap px-2 py-2 font-mono font-normal">{r.phone}</th>
                  <td className="whitespace-nowrap px-2 py-2 text-slate-700">{r.dispatch_at ? formatLocal(r.dispatch_at, timezone) : 'immediate'}</td>
                  <td className="px-2 py-2">
                    <StatusBadge status={r.state} />
                  </td>
                  <td
                    className="px-2 py-2 text-slate-700"
                    title={r.carrier ? `carrier ${r.carrier}${r.carrier_message_id ? `, message id ${r.carrier_message_id}` : ''}` : undefined}
                  >
                    {r.error_code ? (
                      <>
                        <span className="font-mono text-xs">{r.error_code}</span> {r.error_message}
                      </>
                    ) : r.done_at ? (
                      `at ${formatLocal(r.done_at, timezone)}`
                    ) : r.sent_at ? (
                      `sent ${formatLocal(r.sent_at, timezone)}`
                    ) : (
                      (r.carrier ?? '')
                    )}
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">{formatMoney(r.price, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {q.hasNextPage && (
        <Button variant="secondary" disabled={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
          {q.isFetchingNextPage ? 'Loading…' : 'Show 50 more'}
        </Button>
      )}
    </div>
  );
}
