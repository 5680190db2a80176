import { EmptyState } from '@/components/ui/card';
import { formatDateTime } from '@/components/ui/format';
import type { NumberDetail } from '@/server/contracts/numbers';
import { ReleaseNumberButton } from './release-number-button';

/** Assigned numbers (D18) with their app and merchant, each releasable. */
export function NumbersTable({ numbers, showMerchant }: { numbers: NumberDetail[]; showMerchant: boolean }) {
  if (numbers.length === 0) return <EmptyState>No numbers assigned.</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Assigned numbers, by number</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">Number</th>
            <th scope="col" className="py-2 pr-4 font-medium">Keyword</th>
            <th scope="col" className="py-2 pr-4 font-medium">App</th>
            {showMerchant && <th scope="col" className="py-2 pr-4 font-medium">Merchant</th>}
            <th scope="col" className="py-2 pr-4 font-medium">Assigned (UTC)</th>
            <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {numbers.map((n) => (
            <tr key={n.number_id} className="border-b border-slate-100 last:border-0">
              <td className="py-2 pr-4 font-mono">{n.number}</td>
              <td className="py-2 pr-4">{n.keyword === null ? <span className="text-slate-600">{n.number.length <= 7 ? 'catch-all' : '—'}</span> : <span className="font-mono">{n.keyword}</span>}</td>
              <td className="py-2 pr-4">
                {n.app_name} <span className="font-mono text-xs text-slate-600">{n.app_id}</span>
              </td>
              {showMerchant && <td className="py-2 pr-4">{n.organization_name}</td>}
              <td className="py-2 pr-4">{formatDateTime(n.created_at, 'UTC')}</td>
              <td className="py-2">
                <ReleaseNumberButton number={n.number} keyword={n.keyword} appName={n.app_name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
