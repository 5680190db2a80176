'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { messageOf } from '@/components/ui/form-errors';

/** Developer or owner: takes one phone off the list, after a confirmation (audited as opt_out.remove). */
export function RemoveOptOutButton({ phone }: { phone: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const remove = useMutation(trpc.optOuts.remove.mutationOptions());
  const t = useTranslations('optOuts.remove');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onConfirm() {
    setError(null);
    try {
      await remove.mutateAsync({ phone });
      setOpen(false);
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <>
      <Button type="button" variant="secondary" className="px-2 py-0.5" onClick={() => setOpen(true)} aria-label={t('label', { phone })}>
        {t('button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('title', { phone })}
        confirmLabel={t('button')}
        pendingLabel={t('pending')}
        pending={remove.isPending}
        error={error}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      >
        {t('body')}
      </ConfirmDialog>
    </>
  );
}
