'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';

/** Withdraw a request still pending (developer or owner), after a confirmation. */
export function WithdrawSenderIdButton({ id, senderId }: { id: string; senderId: string }) {
  const trpc = useTRPC();
  const t = useTranslations('senderIds.withdraw');
  const withdraw = useMutation(trpc.senderIds.withdraw.mutationOptions());
  const confirm = useConfirmedMutation(withdraw, { id });
  return (
    <>
      <Button type="button" variant="secondary" className="px-3 py-1" onClick={confirm.ask} aria-label={t('label', { senderId })}>
        {t('submit')}
      </Button>
      <ConfirmDialog {...confirm.dialog} title={t('title', { senderId })} confirmLabel={t('submit')} pendingLabel={t('pending')}>
        {t('body')}
      </ConfirmDialog>
    </>
  );
}
