import { useTranslations } from 'next-intl';
import { DataTable, type Column } from '@/components/ui/data-table';
import type { MemberView } from '@/shared/contracts/organization';
import { MemberRow } from './member-row';

/** The team; each row is a MemberRow, which keeps the role being chosen and the row's error across its cells. */
export function TeamTable({ members, canManage, timeZone }: { members: MemberView[]; canManage: boolean; timeZone: string }) {
  const t = useTranslations('settings.team');
  // The cells come from MemberRow (`body`); the columns give the headers.
  const header = (id: string, text: string, hiddenHeader = false): Column<MemberView> => ({ id, header: text, hiddenHeader, cell: () => null });
  return (
    <DataTable
      caption={t('caption')}
      className="min-w-[36rem]"
      rows={members}
      rowKey={(m) => m.user_id}
      columns={[header('member', t('member')), header('role', t('role')), header('joined', t('joined')), ...(canManage ? [header('actions', t('actions'), true)] : [])]}
      body={members.map((m) => (
        <MemberRow key={m.user_id} member={m} canManage={canManage} timeZone={timeZone} />
      ))}
    />
  );
}
