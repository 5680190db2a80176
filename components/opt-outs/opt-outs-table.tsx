import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { EmptyState } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import type { OptOut } from '@/server/contracts/opt-outs';
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
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={t('label')}>
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600">
              <th className="py-2 pr-3">{t('phone')}</th>
              <th className="py-2 pr-3">{t('source')}</th>
              <th className="py-2 pr-3">{t('reason')}</th>
              <th className="py-2 pr-3">{t('added')}</th>
              <th className="py-2">
                <span className="sr-only">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((o) => (
              <tr key={o.phone} className="border-b border-slate-100">
                <td className="py-2 pr-3 font-mono">{o.phone}</td>
                <td className="py-2 pr-3">{t(`sources.${o.source}`)}</td>
                <td className="py-2 pr-3 break-words">{o.reason ?? '—'}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{f.dateTime(o.created_at, timeZone)}</td>
                <td className="py-2 text-right">
                  {o.source === 'keyword' ? (
                    <span className="text-xs text-slate-600">{t('keywordOnly')}</span>
                  ) : (
                    canWrite && <RemoveOptOutButton phone={o.phone} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={t('pages')} className="flex gap-4 text-sm">
        {newestHref && (
          <Link href={newestHref} className="text-blue-700 underline">
            {t('newest')}
          </Link>
        )}
        {olderHref && (
          <Link href={olderHref} className="text-blue-700 underline">
            {t('older')}
          </Link>
        )}
      </nav>
    </div>
  );
}
