import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Overview } from '@/server/contracts/overview';
import { Card } from '@/components/ui/card';
import { formatNumber, formatMoney, plural } from '@/components/ui/format';
import { PriceBasis } from '@/components/wallet/price-basis';

function Stat({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
      {children && <dd className="mt-1 text-sm text-slate-600">{children}</dd>}
    </div>
  );
}

export function BalanceCard({ o }: { o: Overview }) {
  const b = o.balance;
  return (
    <Card title="Balance">
      {b ? (
        <div className="space-y-3">
          <dl className="space-y-3">
            <Stat label="Available" value={formatMoney(b.total, o.currency)}>
              about {plural(b.buys.sms, 'SMS', 'SMS')}
            </Stat>
            <div className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-slate-600">Prepaid</dt>
                <dd className="font-medium">{b.prepaid === null ? 'Not opened yet' : formatMoney(b.prepaid, o.currency)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Postpaid</dt>
                <dd className="font-medium">{b.postpaid === null ? 'No postpaid agreement' : formatMoney(b.postpaid, o.currency)}</dd>
              </div>
            </div>
          </dl>
          <PriceBasis buys={b.buys} balance={b.total} defaultPrice={b.default_price} currency={o.currency} />
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          No wallet yet.{' '}
          <Link className="text-blue-700 underline" href="/dashboard/wallet">
            Add credit
          </Link>{' '}
          to start sending.
        </p>
      )}
    </Card>
  );
}

export function TodayCard({ o }: { o: Overview }) {
  const t = o.today;
  return (
    <Card title="Today">
      <dl className="space-y-3">
        <Stat label={`Sends on ${t.date}`} value={formatNumber(t.sends)}>
          {plural(t.sms, 'SMS', 'SMS')} · {formatMoney(t.spend, o.currency)}
        </Stat>
      </dl>
      <p className="mt-3 text-xs text-slate-600">Days follow your timezone, {o.timezone}.</p>
    </Card>
  );
}

export function DeliveryRateCard({ o }: { o: Overview }) {
  const r = o.delivery_rate;
  return (
    <Card title="Delivery rate">
      <dl>
        <Stat label={`Last ${r.days} days`} value={r.rate === null ? '—' : `${(r.rate * 100).toFixed(1)}%`}>
          {r.rate === null ? 'Nothing delivered or failed yet.' : `${formatNumber(r.delivered)} delivered of ${formatNumber(r.delivered + r.failed)} finished`}
        </Stat>
      </dl>
    </Card>
  );
}

export function GettingStarted({ o }: { o: Overview }) {
  const funded = (o.balance?.total ?? 0) > 0;
  const steps: Array<{ done: boolean; body: ReactNode }> = [
    { done: o.has_app, body: <><Link className="text-blue-700 underline" href="/dashboard/keys">Create an API key</Link> and store it on your server.</> },
    { done: funded, body: <><Link className="text-blue-700 underline" href="/dashboard/wallet">Add test credit</Link> to your wallet.</> },
    { done: false, body: <><Link className="text-blue-700 underline" href="/dashboard/compose">Send a test message</Link> and watch it deliver.</> },
    { done: false, body: <>Read the <Link className="text-blue-700 underline" href="/docs">API documentation</Link>.</> },
  ];
  return (
    <Card title="Getting started">
      <ol className="list-decimal space-y-2 pl-5 text-sm">
        {steps.map((s, i) => (
          <li key={i} className={s.done ? 'text-slate-600' : undefined}>
            {s.body} {s.done && <span className="font-medium text-green-800">(done)</span>}
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function DailyTable({ o }: { o: Overview }) {
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm text-blue-700 underline">Show the numbers as a table</summary>
      <div className="mt-2 max-h-96 overflow-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Sends, SMS and spend per day, last {o.days.length} days, {o.timezone}</caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">Date</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Sends</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">SMS</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Spend</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Delivered</th>
              <th scope="col" className="py-1 text-right font-medium">Failed</th>
            </tr>
          </thead>
          <tbody>
            {[...o.days].reverse().map((d) => (
              <tr key={d.date} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal">{d.date}</th>
                <td className="py-1 pr-3 text-right">{formatNumber(d.sends)}</td>
                <td className="py-1 pr-3 text-right">{formatNumber(d.sms)}</td>
                <td className="py-1 pr-3 text-right">{formatMoney(d.spend, o.currency)}</td>
                <td className="py-1 pr-3 text-right">{formatNumber(d.delivered)}</td>
                <td className="py-1 text-right">{formatNumber(d.failed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
