import { MAX_SHOWN_RECIPIENTS, RECIPIENT_STATE_VALUES, RECIPIENTS_STEP, type RecipientPage } from '@/server/contracts/messages-dashboard';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { StatusBadge } from './status-badge';
import { formatNumber, formatLocal, formatMoney } from '@/components/ui/format';

type State = (typeof RECIPIENT_STATE_VALUES)[number];

/**
 * Per-recipient states (one row per recipient per send moment), the first rows of the message page's snapshot
 * (MessageView), so they agree with its progress counters; "Show more" asks for more rows in that one query.
 */
export function RecipientsTable(props: {
  page: RecipientPage | null;
  timezone: string;
  currency: string;
  state: State | '';
  onState: (s: State | '') => void;
  onMore: () => void;
  loading: boolean;
}) {
  const { page, timezone, currency, state } = props;
  const rows = page?.items ?? [];
  const total = page?.total ?? 0;

  return (
    <div className="space-y-3" aria-busy={props.loading || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor="recipient-state" className="block text-xs font-medium text-slate-800">
            Show
          </label>
          <select id="recipient-state" value={state} onChange={(e) => props.onState(e.target.value as State | '')} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
            <option value="">Every state</option>
            {RECIPIENT_STATE_VALUES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {props.loading ? 'Loading…' : page && `Showing ${formatNumber(rows.length)} of ${formatNumber(total)}`}
        </p>
      </div>
      {page && rows.length === 0 && <EmptyState>No recipient in this state.</EmptyState>}
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
      {rows.length < total &&
        (rows.length < MAX_SHOWN_RECIPIENTS ? (
          <Button variant="secondary" disabled={props.loading} onClick={props.onMore}>
            {props.loading ? 'Loading…' : `Show ${RECIPIENTS_STEP} more`}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">The first {formatNumber(MAX_SHOWN_RECIPIENTS)} are shown; choose a state to see others.</p>
        ))}
    </div>
  );
}
