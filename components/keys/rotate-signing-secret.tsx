'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { OneTimeSigningSecret } from './one-time-key';

/** A new webhook signing secret (D16), shown once; the previous one keeps signing for 24 h. */
export function RotateSigningSecret({ appId, appName }: { appId: string; appName: string }) {
  const trpc = useTRPC();
  const rotate = useMutation(trpc.keys.rotateSigningSecret.mutationOptions());
  const confirm = useConfirmedMutation(rotate, { appId }, { keepResult: true, refresh: false });
  const t = useTranslations('keys.rotate');
  const rotated = confirm.shown;

  return (
    <div className="space-y-3">
      {rotated && <OneTimeSigningSecret appName={appName} secret={rotated.signing_secret} previousValidUntil={rotated.previous_valid_until} onDone={confirm.dismiss} />}
      <Button type="button" variant="secondary" onClick={confirm.ask}>
        {t('button')}
      </Button>
      <ConfirmDialog {...confirm.dialog} title={t('title', { appName })} confirmLabel={t('confirm')} pendingLabel={t('pending')}>
        <p>{t('body')}</p>
      </ConfirmDialog>
    </div>
  );
}
