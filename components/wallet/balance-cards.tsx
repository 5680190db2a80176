import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/format';
import type { WalletOverview } from '@/shared/contracts/wallet-dashboard';
import { BasisShort, PriceBasis } from './price-basis';

function Stat({ label, value, note }: { label: string; value: string; note: React.ReactNode }) {
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
  const t = useTranslations('wallet.cards');
  const f = useFormat();
  return (
    <div className="space-y-3">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('label')}>
        <Stat label={t('prepaid')} value={o.prepaid === null ? '—' : f.money(o.prepaid, o.currency)} note={o.prepaid === null ? t('notOpened') : t('paysFirst')} />
        <Stat
          label={t('postpaid')}
          value={o.postpaid === null ? '—' : f.money(o.postpaid, o.currency)}
          note={o.postpaid === null ? t('noPostpaid') : t('paysRest')}
        />
        <Stat label={t('pricePerSms')} value={f.money(o.buys.price, o.currency)} note={<BasisShort buys={o.buys} />} />
        <Stat label={t('availableSms')} value={f.number(o.buys.sms)} note={t('availableNote', { balance: f.money(o.balance, o.currency) })} />
      </dl>
      <PriceBasis buys={o.buys} balance={o.balance} defaultPrice={o.default_price} currency={o.currency} />
    </div>
  );
}
