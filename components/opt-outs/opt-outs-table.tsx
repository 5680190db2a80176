import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { useFormat } from '@/components/ui/format';
import { PageLinks } from '@/components/ui/page-links';
import type { OptOut } from '@/shared/contracts/opt-outs';
import { RemoveOptOutButton } from './remove-opt-out-button';

/** One page of the list, newest first; a `keyword` entry says why it cannot be removed (D19). */
export function OptOutsTable({
  items,
  timeZone,
  canWrite,
  olderHref,
  newestHref,
}: {
  items: OptOut[];
  timeZone: string;
  canWrite: boolean;
  olderHref: string | null;
  newestHref: string | null;
}) {
  const t = useTranslations('optOuts.table');
  const f = useFormat();
  if (items.length === 0) return <EmptyState>{newestHref ? t('noneOnPage') : t('none')}</EmptyState>;
  return (
    <div className="space-y-3">
      <DataTable
        label={t('label')}
        rows={items}
        rowKey={(o) => o.phone}
        columns={[
          { id: 'phone', header: t('phone'), className: 'font-mono', cell: (o) => o.phone },
          { id: 'source', header: t('source'), cell: (o) => t(`sources.${o.source}`) },
          { id: 'reason', header: t('reason'), className: 'break-words', cell: (o) => o.reason ?? '—' },
          { id: 'added', header: t('added'), className: 'whitespace-nowrap', cell: (o) => f.dateTime(o.created_at, timeZone) },
          {
            id: 'actions',
            header: t('actions'),
            hiddenHeader: true,
            align: 'right',
            cell: (o) => (o.source === 'keyword' ? <span className="text-xs text-slate-600">{t('keywordOnly')}</span> : canWrite && <RemoveOptOutButton phone={o.phone} />),
          },
        ]}
      />
      <PageLinks label={t('pages')} newest={{ href: newestHref, text: t('newest') }} older={{ href: olderHref, text: t('older') }} />
    </div>
  );
}
