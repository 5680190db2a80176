'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';

/** Ends every session of one dashboard user (they must sign in again) after a confirmation; audited as user.sessions_revoked. */
export function RevokeSessionsButton({ userId, email }: { userId: string; email: string }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.revokeSessions');
  const revoke = useMutation(trpc.operator.revokeSessions.mutationOptions());
  // nothing on the page changes: the answer is kept only to say it is done
  const confirm = useConfirmedMutation(revoke, { userId }, { refresh: false, keepResult: true });

  return (
    <span className="ml-2 inline-flex items-center gap-2">
      <Button type="button" variant="secondary" className="px-2 py-0.5" onClick={confirm.ask} aria-label={t('label', { email })}>
        {t('submit')}
      </Button>
      <span aria-live="polite" className="text-xs text-slate-600">
        {confirm.shown !== null ? t('done') : null}
      </span>
      <ConfirmDialog {...confirm.dialog} title={t('title', { email })} confirmLabel={t('submit')} pendingLabel={t('pending')}>
        {t('body')}
      </ConfirmDialog>
    </span>
  );
}
