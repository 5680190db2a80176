import type { MemberView } from '@/server/contracts/organization';
import { MemberRow } from './member-row';

export function TeamTable({ members, canManage, timeZone }: { members: MemberView[]; canManage: boolean; timeZone: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Team members and their roles</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">Member</th>
            <th scope="col" className="py-2 pr-4 font-medium">Role</th>
            <th scope="col" className="py-2 pr-4 font-medium">Joined</th>
            {canManage && (
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
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
