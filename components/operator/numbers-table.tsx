import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import type { NumberDetail } from '@/server/contracts/numbers';
import { ReleaseNumberButton } from './release-number-button';

/** Assigned numbers (D18) with their app and merchant, each releasable. */
export function NumbersTable({ numbers, showMerchant }: { numbers: NumberDetail[]; showMerchant: boolean }) {
  const t = useTranslations('operator.numbers.table');
  const f = useFormat();
  if (numbers.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">{t('number')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('keyword')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('app')}</th>
            {showMerchant && <th scope="col" className="py-2 pr-4 font-medium">{t('merchant')}</th>}
            <th scope="col" className="py-2 pr-4 font-medium">{t('assigned')}</th>
            <th scope="col" className="py-2 font-medium"><span className="sr-only">{t('actions')}</span></th>
          </tr>
        </thead>
        <tbody>
          {numbers.map((n) => (
            <tr key={n.number_id} className="border-b border-slate-100 last:border-0">
              <td className="py-2 pr-4 font-mono">{n.number}</td>
              <td className="py-2 pr-4">{n.keyword === null ? <span className="text-slate-600">{n.number.length <= 7 ? t('catchAll') : '—'}</span> : <span className="font-mono">{n.keyword}</span>}</td>
              <td className="py-2 pr-4">
                {n.app_name} <span className="font-mono text-xs text-slate-600">{n.app_id}</span>
              </td>
              {showMerchant && <td className="py-2 pr-4">{n.organization_name}</td>}
              <td className="py-2 pr-4">{f.dateTime(n.created_at, 'UTC')}</td>
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
