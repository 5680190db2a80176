import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import type { TopUpRequestView } from '@/shared/contracts/wallet-dashboard';

export function TopUpRequests({ requests, currency, timeZone }: { requests: TopUpRequestView[]; currency: string; timeZone: string }) {
  const t = useTranslations('wallet');
  const f = useFormat();
  if (requests.length === 0) return <EmptyState>{t('requests.none')}</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {requests.map((r) => (
        <li key={r.id} className="flex flex-wrap justify-between gap-2 py-2">
          <span>
            {t('requests.item', { amount: f.money(r.amount, currency), wallet: t(`form.walletName.${r.wallet}`) })}
            {r.reference ? t('requests.ref', { reference: r.reference }) : ''} · {f.dateTime(r.created_at, timeZone)}
          </span>
          <span className="font-medium">{t(`requests.states.${r.state}`)}</span>
        </li>
      ))}
    </ul>
  );
}
