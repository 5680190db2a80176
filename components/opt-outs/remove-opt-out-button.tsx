'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';

/** Developer or owner: takes one phone off the list, after a confirmation (audited as opt_out.remove). */
export function RemoveOptOutButton({ phone }: { phone: string }) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.optOuts.remove.mutationOptions());
  const confirm = useConfirmedMutation(remove, { phone });
  const t = useTranslations('optOuts.remove');

  return (
    <>
      <Button type="button" variant="secondary" className="px-2 py-0.5" onClick={confirm.ask} aria-label={t('label', { phone })}>
        {t('button')}
      </Button>
      <ConfirmDialog {...confirm.dialog} title={t('title', { phone })} confirmLabel={t('button')} pendingLabel={t('pending')}>
        {t('body')}
      </ConfirmDialog>
    </>
  );
}
