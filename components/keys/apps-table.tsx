import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/format';
import type { AppView } from '@/server/contracts/keys';
import { KeyStatusBadge } from './key-status-badge';

/** The apps and their keys as prefix…last4 (the only form a key takes after its one showing). */
export function AppsTable({ apps, timeZone }: { apps: AppView[]; timeZone: string }) {
  const t = useTranslations('keys.table');
  const f = useFormat();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{t('caption', { timeZone })}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">{t('app')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('key')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('environment')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('status')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('created')}</th>
            <th scope="col" className="py-2 font-medium">{t('lastUsed')}</th>
          </tr>
        </thead>
        <tbody>
          {apps.map((a) => (
            <tr key={a.id} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pr-4 font-medium">
                <a href={`#app-${a.id}`} className="text-blue-700 underline">
                  {a.name}
                </a>
              </th>
              <td className="py-2 pr-4 font-mono" data-testid="masked-key">
                {a.masked_key}
              </td>
              <td className="py-2 pr-4">{a.environment === 'test' ? t('test') : t('live')}</td>
              <td className="py-2 pr-4">
                <KeyStatusBadge status={a.status} />
              </td>
              <td className="py-2 pr-4">{f.dateTime(a.created_at, timeZone)}</td>
              <td className="py-2">{a.last_used_at ? f.dateTime(a.last_used_at, timeZone) : t('never')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
