import { useTranslations } from 'next-intl';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useFormat } from '@/components/ui/format';
import type { NumberDetail } from '@/shared/contracts/numbers';
import { ReleaseNumberButton } from './release-number-button';

/** Assigned numbers (D18) with their app and merchant, each releasable. */
export function NumbersTable({ numbers, showMerchant }: { numbers: NumberDetail[]; showMerchant: boolean }) {
  const t = useTranslations('operator.numbers.table');
  const f = useFormat();
  const merchant: Array<Column<NumberDetail>> = showMerchant ? [{ id: 'merchant', header: t('merchant'), cell: (n) => n.organization_name }] : [];
  return (
    <DataTable
      caption={t('caption')}
      empty={t('empty')}
      className="min-w-[40rem]"
      rows={numbers}
      rowKey={(n) => n.number_id}
      columns={[
        { id: 'number', header: t('number'), className: 'font-mono', cell: (n) => n.number },
        {
          id: 'keyword',
          header: t('keyword'),
          cell: (n) => (n.keyword === null ? <span className="text-slate-600">{n.number.length <= 7 ? t('catchAll') : '—'}</span> : <span className="font-mono">{n.keyword}</span>),
        },
        {
          id: 'app',
          header: t('app'),
          cell: (n) => (
            <>
              {n.app_name} <span className="font-mono text-xs text-slate-600">{n.app_id}</span>
            </>
          ),
        },
        ...merchant,
        { id: 'assigned', header: t('assigned'), cell: (n) => f.dateTime(n.created_at, 'UTC') },
        { id: 'actions', header: t('actions'), hiddenHeader: true, cell: (n) => <ReleaseNumberButton number={n.number} keyword={n.keyword} appName={n.app_name} /> },
      ]}
    />
  );
}
