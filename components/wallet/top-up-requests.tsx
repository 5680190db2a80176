import { EmptyState } from '@/components/ui/card';
import { formatDateTime, formatMoney } from '@/components/ui/format';
import type { TopUpRequestView } from '@/server/contracts/wallet-dashboard';

const STATE: Record<TopUpRequestView['state'], string> = { pending: 'Waiting for an operator', confirmed: 'Confirmed, credited', rejected: 'Rejected' };

export function TopUpRequests({ requests, currency, timeZone }: { requests: TopUpRequestView[]; currency: string; timeZone: string }) {
  if (requests.length === 0) return <EmptyState>No top-up requests yet.</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {requests.map((r) => (
        <li key={r.id} className="flex flex-wrap justify-between gap-2 py-2">
          <span>
            {formatMoney(r.amount, currency)} to the {r.wallet} wallet{r.reference ? ` · ref ${r.reference}` : ''} ·{' '}
            {formatDateTime(r.created_at, timeZone)}
          </span>
          <span className="font-medium">{STATE[r.state]}</span>
        </li>
      ))}
    </ul>
  );
}
