import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import type { MerchantSummary } from '@/server/contracts/operator';

export function MerchantsTable({ merchants }: { merchants: MerchantSummary[] }) {
  const t = useTranslations('operator.merchants.table');
  const f = useFormat();
  if (merchants.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[52rem] text-left text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">{t('merchant')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('created')}</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">{t('prepaid')}</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">{t('postpaid')}</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">{t('apps')}</th>
            <th scope="col" className="py-2 font-medium">{t('waiting')}</th>
          </tr>
        </thead>
        <tbody>
          {merchants.map((m) => (
            <tr key={m.id} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pr-4 font-medium">
                <Link href={`/operator/merchants/${m.id}`} className="text-blue-700 underline">
                  {m.name}
                </Link>
                <div className="font-mono text-xs font-normal text-slate-600">{m.id}</div>
              </th>
              <td className="py-2 pr-4">{f.dateTime(m.created_at, 'UTC')}</td>
              <td className="py-2 pr-4 text-right font-mono">{m.prepaid === null ? '—' : f.money(m.prepaid, m.currency)}</td>
              <td className="py-2 pr-4 text-right font-mono">{m.postpaid === null ? '—' : f.money(m.postpaid, m.currency)}</td>
              <td className="py-2 pr-4 text-right">{f.number(m.apps)}</td>
              <td className="py-2">
                {[m.apps_pending ? t('keysToValidate', { count: m.apps_pending }) : null, m.top_ups_pending ? t('topUps', { count: m.top_ups_pending }) : null]
                  .filter(Boolean)
                  .join(', ') || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
