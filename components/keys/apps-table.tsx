import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { useFormat } from '@/components/ui/format';
import type { AppView } from '@/shared/contracts/keys';
import { KeyStatusBadge } from './key-status-badge';

/** The apps and their keys as prefix…last4 (the only form a key takes after its one showing). */
export function AppsTable({ apps, timeZone }: { apps: AppView[]; timeZone: string }) {
  const t = useTranslations('keys.table');
  const f = useFormat();
  return (
    <DataTable
      caption={t('caption', { timeZone })}
      className="min-w-[44rem]"
      rows={apps}
      rowKey={(a) => a.id}
      columns={[
        {
          id: 'app',
          header: t('app'),
          rowHeader: true,
          className: 'font-medium',
          cell: (a) => (
            <a href={`#app-${a.id}`} className="text-blue-700 underline">
              {a.name}
            </a>
          ),
        },
        { id: 'key', header: t('key'), className: 'font-mono', cellProps: () => ({ 'data-testid': 'masked-key' }), cell: (a) => a.masked_key },
        { id: 'environment', header: t('environment'), cell: (a) => (a.environment === 'test' ? t('test') : t('live')) },
        { id: 'status', header: t('status'), cell: (a) => <KeyStatusBadge status={a.status} /> },
        { id: 'created', header: t('created'), cell: (a) => f.dateTime(a.created_at, timeZone) },
        { id: 'lastUsed', header: t('lastUsed'), cell: (a) => (a.last_used_at ? f.dateTime(a.last_used_at, timeZone) : t('never')) },
      ]}
    />
  );
}
