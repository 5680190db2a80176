import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { useFormat } from '@/components/ui/format';
import type { PricingView } from '@/shared/contracts/wallet-dashboard';

/** The rows behind the average (D2): the mean of their prices, rounded to 4 decimals. */
export function PricingRows({ pricing }: { pricing: PricingView }) {
  const { currency } = pricing;
  const t = useTranslations('calculator.rows');
  const f = useFormat();
  return (
    <DataTable
      caption={t('caption')}
      className="min-w-[32rem]"
      rows={pricing.rows}
      rowKey={(r) => r.id}
      columns={[
        { id: 'country', header: t('country'), cell: (r) => r.country },
        { id: 'network', header: t('network'), rowHeader: true, className: 'font-medium', cell: (r) => r.network },
        { id: 'prefixes', header: t('prefixes'), className: 'font-mono', cell: (r) => r.prefixes.map((p) => `+${p}`).join(', ') },
        { id: 'price', header: t('price'), align: 'right', className: 'font-mono', cell: (r) => f.money(r.price, currency) },
      ]}
      footer={
        <tr className="font-semibold">
          <th scope="row" colSpan={3} className="py-2 pr-4 text-right">
            {t('average', { count: pricing.rows.length })}
          </th>
          <td className="py-2 text-right font-mono" data-testid="average-price">
            {pricing.average_price === null ? '—' : f.money(pricing.average_price, currency)}
          </td>
        </tr>
      }
    />
  );
}
