import { useTranslations } from 'next-intl';
import type { MemberView } from '@/server/contracts/organization';
import { MemberRow } from './member-row';

export function TeamTable({ members, canManage, timeZone }: { members: MemberView[]; canManage: boolean; timeZone: string }) {
  const t = useTranslations('settings.team');
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">{t('member')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('role')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('joined')}</th>
            {canManage && (
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">{t('actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <MemberRow key={m.user_id} member={m} canManage={canManage} timeZone={timeZone} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
