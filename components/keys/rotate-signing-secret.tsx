'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { messageOf } from '@/components/ui/form-errors';
import type { RotatedSigningSecret } from '@/server/contracts/keys';
import { OneTimeSigningSecret } from './one-time-key';

/** A new webhook signing secret (D16), shown once; the previous one keeps signing for 24 h. */
export function RotateSigningSecret({ appId, appName }: { appId: string; appName: string }) {
  const trpc = useTRPC();
  const rotate = useMutation(trpc.keys.rotateSigningSecret.mutationOptions());
  const t = useTranslations('keys.rotate');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rotated, setRotated] = useState<RotatedSigningSecret | null>(null);

  async function confirm() {
    setError(null);
    try {
      setRotated(await rotate.mutateAsync({ appId }));
      setOpen(false);
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <div className="space-y-3">
      {rotated && <OneTimeSigningSecret appName={appName} secret={rotated.signing_secret} previousValidUntil={rotated.previous_valid_until} onDone={() => setRotated(null)} />}
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        {t('button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('title', { appName })}
        confirmLabel={t('confirm')}
        pendingLabel={t('pending')}
        pending={rotate.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <p>{t('body')}</p>
      </ConfirmDialog>
    </div>
  );
}
