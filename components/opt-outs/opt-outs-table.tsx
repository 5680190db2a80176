import Link from 'next/link';
import { EmptyState } from '@/components/ui/card';
import { formatDateTime } from '@/components/ui/format';
import type { OptOut } from '@/server/contracts/opt-outs';
import { RemoveOptOutButton } from './remove-opt-out-button';

const SOURCES: Record<OptOut['source'], string> = { keyword: 'Subscriber (STOP)', api: 'API', dashboard: 'Dashboard', import: 'Import' };

/** One page of the list, newest first; a `keyword` entry says why it cannot be removed (D19). */
export function OptOutsTable({
  items,
  timeZone,
  canWrite,
  olderHref,
  newestHref,
}: {
  items: OptOut[];
  timeZone: string;
  canWrite: boolean;
  olderHref: string | null;
  newestHref: string | null;
}) {
  if (items.length === 0) return <EmptyState>No phone on the list{newestHref ? ' on this page' : ''}.</EmptyState>;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label="Opt-out list">
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600">
              <th className="py-2 pr-3">Phone</th>
              <th className="py-2 pr-3">Source</th>
              <th className="py-2 pr-3">Reason</th>
              <th className="py-2 pr-3">Added</th>
              <th className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((o) => (
              <tr key={o.phone} className="border-b border-slate-100">
                <td className="py-2 pr-3 font-mono">{o.phone}</td>
                <td className="py-2 pr-3">{SOURCES[o.source]}</td>
                <td className="py-2 pr-3 break-words">{o.reason ?? '—'}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(o.created_at, timeZone)}</td>
                <td className="py-2 text-right">
                  {o.source === 'keyword' ? (
                    <span className="text-xs text-slate-600">Only the subscriber&apos;s START can remove it</span>
                  ) : (
                    canWrite && <RemoveOptOutButton phone={o.phone} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="flex gap-4 text-sm">
        {newestHref && (
          <Link href={newestHref} className="text-blue-700 underline">
            Newest
          </Link>
        )}
        {olderHref && (
          <Link href={olderHref} className="text-blue-700 underline">
            Older
          </Link>
        )}
      </nav>
    </div>
  );
}
