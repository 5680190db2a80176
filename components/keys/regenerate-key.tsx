'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { OneTimeKey } from './one-time-key';

export function RegenerateKey({ appId, appName, maskedKey }: { appId: string; appName: string; maskedKey: string }) {
  const trpc = useTRPC();
  const regenerate = useMutation(trpc.keys.regenerate.mutationOptions());
  const confirm = useConfirmedMutation(regenerate, { appId }, { keepResult: true });
  const t = useTranslations('keys.regenerate');
  const newKey = confirm.shown?.api_key;

  return (
    <div className="space-y-3">
      {newKey && <OneTimeKey appName={appName} apiKey={newKey} onDone={confirm.dismiss} />}
      <Button type="button" variant="secondary" onClick={confirm.ask}>
        {t('button')}
      </Button>
      <ConfirmDialog {...confirm.dialog} title={t('title', { appName })} confirmLabel={t('button')} pendingLabel={t('pending')}>
        <p>{t.rich('warning', { maskedKey, strong: (c) => <strong>{c}</strong> })}</p>
        <p>{t('shownOnce')}</p>
      </ConfirmDialog>
    </div>
  );
}
