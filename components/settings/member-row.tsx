'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { messageOf } from '@/components/ui/form-errors';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { useFormat } from '@/components/ui/format';
import { ROLE_VALUES, type MemberView, type RoleValue } from '@/shared/contracts/organization';

/** One team member; owners change the role (select, then "Change role") or remove them (confirmed). */
export function MemberRow({ member, canManage, timeZone }: { member: MemberView; canManage: boolean; timeZone: string }) {
  const trpc = useTRPC();
  const t = useTranslations('settings.member');
  const tRole = useTranslations('roles');
  const f = useFormat();
  const router = useRouter();
  const changeRole = useMutation(trpc.organization.changeRole.mutationOptions());
  const remove = useMutation(trpc.organization.removeMember.mutationOptions());
  const [role, setRole] = useState<RoleValue>(member.role);
  const [error, setError] = useState<string | null>(null);
  const removal = useConfirmedMutation(remove, { userId: member.user_id }, { onError: setError });
  const selectId = useId();
  const who = member.is_you ? t('you', { name: member.name }) : member.name;

  async function saveRole() {
    setError(null);
    try {
      await changeRole.mutateAsync({ userId: member.user_id, role });
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
      setRole(member.role);
    }
  }

  return (
    <tr className="border-b border-slate-100 align-top last:border-0">
      <th scope="row" className="py-2 pr-4 font-medium">
        {who}
        <div className="font-normal text-slate-600">{member.email}</div>
      </th>
      <td className="py-2 pr-4">
        {canManage ? (
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={selectId} className="sr-only">
              {t('roleOf', { email: member.email })}
            </label>
            <select
              id={selectId}
              value={role}
              onChange={(e) => setRole(e.target.value as RoleValue)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            >
              {ROLE_VALUES.map((r) => (
                <option key={r} value={r}>
                  {tRole(r)}
                </option>
              ))}
            </select>
            {role !== member.role && (
              <Button type="button" variant="secondary" className="px-3 py-1" onClick={saveRole} disabled={changeRole.isPending}>
                {changeRole.isPending ? t('pendingRole') : t('changeRole')}
              </Button>
            )}
          </div>
        ) : (
          tRole(member.role)
        )}
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </td>
      <td className="py-2 pr-4">{f.dateTime(member.joined_at, timeZone)}</td>
      {canManage && (
        <td className="py-2">
          <Button type="button" variant="secondary" className="px-3 py-1" onClick={() => {
              setError(null);
              removal.ask();
            }} aria-label={t('removeLabel', { email: member.email })}>
            {t('remove')}
          </Button>
          <ConfirmDialog {...removal.dialog} title={t('removeTitle', { email: member.email })} confirmLabel={t('removeConfirm')} pendingLabel={t('removePending')}>
            <p>{t('removeBody')}</p>
          </ConfirmDialog>
        </td>
      )}
    </tr>
  );
}
