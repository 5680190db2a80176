'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { messageOf } from '@/components/ui/form-errors';
import { OneTimeKey } from './one-time-key';

export function RegenerateKey({ appId, appName, maskedKey }: { appId: string; appName: string; maskedKey: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const regenerate = useMutation(trpc.keys.regenerate.mutationOptions());
  const t = useTranslations('keys.regenerate');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      const r = await regenerate.mutateAsync({ appId });
      setOpen(false);
      setNewKey(r.api_key);
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <div className="space-y-3">
      {newKey && <OneTimeKey appName={appName} apiKey={newKey} onDone={() => setNewKey(null)} />}
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        {t('button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('title', { appName })}
        confirmLabel={t('button')}
        pendingLabel={t('pending')}
        pending={regenerate.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <p>{t.rich('warning', { maskedKey, strong: (c) => <strong>{c}</strong> })}</p>
        <p>{t('shownOnce')}</p>
      </ConfirmDialog>
    </div>
  );
}
