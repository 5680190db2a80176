import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/format';
import type { PricingView } from '@/server/contracts/wallet-dashboard';

/** The rows behind the average (D2): the mean of their prices, rounded to 4 decimals. */
export function PricingRows({ pricing }: { pricing: PricingView }) {
  const { currency } = pricing;
  const t = useTranslations('calculator.rows');
  const f = useFormat();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">{t('country')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('network')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('prefixes')}</th>
            <th scope="col" className="py-2 text-right font-medium">{t('price')}</th>
          </tr>
        </thead>
        <tbody>
          {pricing.rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100">
              <td className="py-2 pr-4">{r.country}</td>
              <th scope="row" className="py-2 pr-4 font-medium">{r.network}</th>
              <td className="py-2 pr-4 font-mono">{r.prefixes.map((p) => `+${p}`).join(', ')}</td>
              <td className="py-2 text-right font-mono">{f.money(r.price, currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" colSpan={3} className="py-2 pr-4 text-right">
              {t('average', { count: pricing.rows.length })}
            </th>
            <td className="py-2 text-right font-mono" data-testid="average-price">
              {pricing.average_price === null ? '—' : f.money(pricing.average_price, currency)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
