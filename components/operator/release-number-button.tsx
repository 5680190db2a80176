'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { messageOf } from '@/components/ui/form-errors';

/** Takes back one assignment (D18) after a confirmation; audited as number.release. */
export function ReleaseNumberButton({ number, keyword, appName }: { number: string; keyword: string | null; appName: string }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.numbers.release');
  const router = useRouter();
  const release = useMutation(trpc.operator.releaseNumber.mutationOptions());
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = keyword === null ? number : `${number} ${keyword}`;

  async function onConfirm() {
    setError(null);
    try {
      await release.mutateAsync({ number, keyword: keyword ?? undefined });
      setOpen(false);
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <>
      <Button type="button" variant="danger" className="px-2 py-0.5" onClick={() => setOpen(true)} aria-label={t('label', { number: label })}>
        {t('submit')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('title', { number: label })}
        confirmLabel={t('submit')}
        pendingLabel={t('pending')}
        pending={release.isPending}
        error={error}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      >
        {keyword !== null
          ? t('bodyKeyword', { app: appName, number, keyword })
          : number.length <= 7
            ? t('bodyCatchAll', { app: appName, number })
            : t('body', { app: appName, number })}
      </ConfirmDialog>
    </>
  );
}
