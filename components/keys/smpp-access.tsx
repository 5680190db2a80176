'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { messageOf } from '@/components/ui/form-errors';
import type { AppView, SmppCredentials } from '@/server/contracts/keys';
import { OneTimeSmppCredentials } from './one-time-key';

/** SMPP access of one app (D15): its system_id once enabled, and enable / rotate the password (shown once). */
export function SmppAccess({ app, canWrite }: { app: AppView; canWrite: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const enable = useMutation(trpc.keys.enableSmpp.mutationOptions());
  const t = useTranslations('keys.smpp');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<SmppCredentials | null>(null);
  const enabled = app.smpp.system_id !== null;

  async function confirm() {
    setError(null);
    try {
      setShown(await enable.mutateAsync({ appId: app.id }));
      setOpen(false);
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <div className="space-y-3">
      {shown && <OneTimeSmppCredentials appName={app.name} systemId={shown.system_id} password={shown.password} onDone={() => setShown(null)} />}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-600">{t('systemId')}</dt>
        <dd className="font-mono">{app.smpp.system_id ?? t('notEnabled')}</dd>
        <dt className="text-slate-600">{t('throughput')}</dt>
        <dd>{t('tps', { tps: app.smpp.tps })}</dd>
      </dl>
      <p className="text-sm text-slate-700">{t('about')}</p>
      {canWrite && (
        <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
          {enabled ? t('rotate') : t('enable')}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        title={enabled ? t('rotateTitle', { appName: app.name }) : t('enableTitle', { appName: app.name })}
        confirmLabel={enabled ? t('rotateConfirm') : t('enable')}
        pendingLabel={t('pending')}
        pending={enable.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <p>{enabled ? t('rotateBody') : t('enableBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
