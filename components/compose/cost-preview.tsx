import Link from 'next/link';
import type { ComposePreview } from '@/shared/messages/compose/preview';
import { formatNumber, formatMoney } from '@/components/ui/format';

/** The cost before sending: recipients x segments x sends, priced per network as the server will charge, without the opted-out (D19). */
export function CostPreview({ preview, currency, balance, kind }: { preview: ComposePreview; currency: string; balance: number | null; kind: string }) {
  const cost = Number(preview.cost.toFixed(4));
  const sends = preview.dispatches.length;
  const short = balance !== null && cost > balance;
  return (
    <section aria-labelledby="cost-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="cost-title" className="text-lg font-semibold text-slate-900">
        Cost preview
      </h2>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Recipients</dt>
        <dd className="text-right">{formatNumber(preview.recipients.valid.length)}</dd>
        {preview.recipients.skipped > 0 && (
          <>
            <dt className="text-slate-600">Skipped: on your opt-out list</dt>
            <dd className="text-right" data-testid="skipped-recipients">
              {formatNumber(preview.recipients.skipped)}
            </dd>
          </>
        )}
        <dt className="text-slate-600">Segments per message</dt>
        <dd className="text-right">{preview.analysis.segments}</dd>
        <dt className="text-slate-600">{kind === 'immediate' ? 'Sends' : 'Scheduled sends'}</dt>
        <dd className="text-right">{formatNumber(sends)}</dd>
        <dt className="text-slate-600">SMS billed</dt>
        <dd className="text-right font-medium">{formatNumber(preview.smsCount)}</dd>
      </dl>
      {preview.costLines.length > 0 && (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Cost per network</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 font-medium">Network</th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">Numbers</th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">Price</th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">Subtotal</th>
            </tr>
          </thead>
          <tbody>
            {preview.costLines.map((l) => (
              <tr key={l.label} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-2 font-normal">{l.label}</th>
                <td className="py-1 pl-2 text-right tabular-nums">{formatNumber(l.recipients)}</td>
                <td className="py-1 pl-2 text-right tabular-nums">{formatMoney(Number(l.price), currency)}</td>
                <td className="py-1 pl-2 text-right tabular-nums">{formatMoney(Number(l.subtotal.toFixed(4)), currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.recipients.skipped > 0 && (
        <p className="mt-3 text-sm text-slate-600">
          {preview.recipients.skipped === 1 ? 'One number is' : `${formatNumber(preview.recipients.skipped)} numbers are`} on your{' '}
          <Link href="/dashboard/opt-outs" className="text-blue-700 underline">
            opt-out list
          </Link>
          : not sent to and not charged.
        </p>
      )}
      <p className="mt-3 flex items-baseline justify-between border-t border-slate-200 pt-3">
        <span className="text-sm text-slate-700">Total, charged when you submit</span>
        <output className="text-xl font-semibold text-slate-900" data-testid="total-cost">
          {formatMoney(cost, currency)}
        </output>
      </p>
      {balance === null && (
        <p className="mt-2 text-sm text-slate-600">
          No credit yet.{' '}
          <Link href="/dashboard/wallet" className="text-blue-700 underline">
            Add credit
          </Link>{' '}
          before sending.
        </p>
      )}
      {balance !== null && (
        <p className={`mt-2 text-sm ${short ? 'font-medium text-red-700' : 'text-slate-600'}`}>
          {short ? (
            <>
              More than your balance of {formatMoney(balance, currency)}.{' '}
              <Link href="/dashboard/wallet" className="underline">
                Add credit
              </Link>
            </>
          ) : (
            <>Balance {formatMoney(balance, currency)}, then {formatMoney(Number(preview.cost.negated().plus(balance).toFixed(4)), currency)}.</>
          )}
        </p>
      )}
    </section>
  );
}
