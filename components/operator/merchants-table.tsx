import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { useFormat } from '@/components/ui/format';
import type { MerchantSummary } from '@/shared/contracts/operator';

export function MerchantsTable({ merchants }: { merchants: MerchantSummary[] }) {
  const t = useTranslations('operator.merchants.table');
  const f = useFormat();
  const amount = (value: number | null, currency: string) => (value === null ? '—' : f.money(value, currency));
  return (
    <DataTable
      caption={t('caption')}
      empty={t('empty')}
      className="min-w-[52rem]"
      rows={merchants}
      rowKey={(m) => m.id}
      columns={[
        {
          id: 'merchant',
          header: t('merchant'),
          rowHeader: true,
          className: 'font-medium',
          cell: (m) => (
            <>
              <Link href={`/operator/merchants/${m.id}`} className="text-blue-700 underline">
                {m.name}
              </Link>
              <div className="font-mono text-xs font-normal text-slate-600">{m.id}</div>
            </>
          ),
        },
        { id: 'created', header: t('created'), cell: (m) => f.dateTime(m.created_at, 'UTC') },
        { id: 'prepaid', header: t('prepaid'), align: 'right', className: 'font-mono', cell: (m) => amount(m.prepaid, m.currency) },
        { id: 'postpaid', header: t('postpaid'), align: 'right', className: 'font-mono', cell: (m) => amount(m.postpaid, m.currency) },
        { id: 'apps', header: t('apps'), align: 'right', cell: (m) => f.number(m.apps) },
        {
          id: 'waiting',
          header: t('waiting'),
          cell: (m) =>
            [m.apps_pending ? t('keysToValidate', { count: m.apps_pending }) : null, m.top_ups_pending ? t('topUps', { count: m.top_ups_pending }) : null]
              .filter(Boolean)
              .join(', ') || '—',
        },
      ]}
    />
  );
}
