import type { MessageDetail } from '@/server/contracts/messages-dashboard';
import { Card } from '@/components/ui/card';
import { ControlButtons } from './control-buttons';
import { formatNumber, formatLocal, formatMoney } from '@/components/ui/format';

type State = keyof MessageDetail['counts'];

/** The states in the recipients table's words, final ones first, each with its colour in the bar. */
const COUNTERS: Array<[State, string, string]> = [
  ['delivered', 'Delivered', 'bg-green-600'],
  ['failed', 'Failed', 'bg-red-600'],
  ['sent', 'Sent', 'bg-blue-600'],
  ['processing', 'Processing', 'bg-blue-300'],
  ['pending', 'Pending', 'bg-slate-400'],
  ['cancelled', 'Cancelled', 'bg-slate-200'],
];

/**
 * The send's deliveries by state, from the same snapshot as the recipients table below it (MessageDetail.counts),
 * so each counter is the number of rows the table shows in that state.
 */
export function ProgressCard({ d, canControl }: { d: MessageDetail; canControl: boolean }) {
  const s = d.status;
  const tz = d.timezone;
  const deliveries = COUNTERS.reduce((n, [state]) => n + d.counts[state], 0);
  const pct = (n: number) => (deliveries ? (n / deliveries) * 100 : 0);
  return (
    <Card title="Progress">
      <div className="flex h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        {COUNTERS.map(([state, , color]) => (d.counts[state] > 0 ? <div key={state} className={color} style={{ width: `${pct(d.counts[state])}%` }} /> : null))}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {COUNTERS.map(([state, label]) => (
          <div key={state}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900" data-testid={`count-${state}`}>
              {formatNumber(d.counts[state])}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        Pending: not handed to a carrier yet. Processing: being handed over. Sent: accepted by the carrier, waiting for its delivery receipt.
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Pair label="Recipients" value={formatNumber(s.total_recipients)} />
        <Pair label="Sends" value={`${formatNumber(s.dispatches_done)} of ${formatNumber(s.dispatches_total)} done`} />
        <Pair label="SMS billed" value={formatNumber(s.total_messages)} />
        <Pair label="Cost" value={formatMoney(s.total_cost, s.currency)} />
        <Pair label="Refunded" value={formatMoney(s.refunded_amount, s.currency)} />
        <Pair label="Created" value={formatLocal(s.created_at, tz)} />
        <Pair label="Last change" value={formatLocal(s.updated_at, tz)} />
        {s.next_dispatch_at && <Pair label="Next send" value={`${formatLocal(s.next_dispatch_at, tz)} (${tz})`} />}
      </dl>
      {canControl && (
        <div className="mt-4">
          <ControlButtons detail={d} />
        </div>
      )}
      {!canControl && (d.controls.can_cancel || d.controls.can_pause || d.controls.can_resume) && (
        <p className="mt-4 text-sm text-slate-600">Developers and owners can pause, resume or cancel this send.</p>
      )}
    </Card>
  );
}

export function Pair({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words font-medium text-slate-900">{value}</dd>
    </div>
  );
}
