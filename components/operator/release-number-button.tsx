'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';

/** Takes back one assignment (D18) after a confirmation; audited as number.release. */
export function ReleaseNumberButton({ number, keyword, appName }: { number: string; keyword: string | null; appName: string }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.numbers.release');
  const release = useMutation(trpc.operator.releaseNumber.mutationOptions());
  const confirm = useConfirmedMutation(release, { number, keyword: keyword ?? undefined });
  const label = keyword === null ? number : `${number} ${keyword}`;

  return (
    <>
      <Button type="button" variant="danger" className="px-2 py-0.5" onClick={confirm.ask} aria-label={t('label', { number: label })}>
        {t('submit')}
      </Button>
      <ConfirmDialog {...confirm.dialog} title={t('title', { number: label })} confirmLabel={t('submit')} pendingLabel={t('pending')}>
        {keyword !== null
          ? t('bodyKeyword', { app: appName, number, keyword })
          : number.length <= 7
            ? t('bodyCatchAll', { app: appName, number })
            : t('body', { app: appName, number })}
      </ConfirmDialog>
    </>
  );
}
