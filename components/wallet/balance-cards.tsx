import { formatMoney, formatNumber } from '@/components/ui/format';
import type { WalletOverview } from '@/server/contracts/wallet-dashboard';
import { basisShort, PriceBasis } from './price-basis';

function Stat({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
      <dd className="mt-1 text-xs text-slate-600">{note}</dd>
    </div>
  );
}

/** The balances of GET /balance, wallet by wallet, and what they buy at the prices a send charges. */
export function BalanceCards({ o }: { o: WalletOverview }) {
  return (
    <div className="space-y-3">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Balances">
        <Stat label="Prepaid wallet" value={o.prepaid === null ? '—' : formatMoney(o.prepaid, o.currency)} note={o.prepaid === null ? 'Not opened yet' : 'Pays first'} />
        <Stat
          label="Postpaid wallet"
          value={o.postpaid === null ? '—' : formatMoney(o.postpaid, o.currency)}
          note={o.postpaid === null ? 'No postpaid agreement' : 'Pays what prepaid cannot'}
        />
        <Stat label="Price per SMS" value={formatMoney(o.buys.price, o.currency)} note={basisShort(o.buys)} />
        <Stat label="Available SMS" value={formatNumber(o.buys.sms)} note={`${formatMoney(o.balance, o.currency)} in total ÷ price per SMS`} />
      </dl>
      <PriceBasis buys={o.buys} balance={o.balance} defaultPrice={o.default_price} currency={o.currency} />
    </div>
  );
}
