'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import type { AppView } from '@/shared/contracts/keys';
import { OneTimeSmppCredentials } from './one-time-key';

/** SMPP access of one app (D15): its system_id once enabled, and enable / rotate the password (shown once). */
export function SmppAccess({ app, canWrite }: { app: AppView; canWrite: boolean }) {
  const trpc = useTRPC();
  const enable = useMutation(trpc.keys.enableSmpp.mutationOptions());
  const confirm = useConfirmedMutation(enable, { appId: app.id }, { keepResult: true });
  const t = useTranslations('keys.smpp');
  const shown = confirm.shown;
  const enabled = app.smpp.system_id !== null;

  return (
    <div className="space-y-3">
      {shown && <OneTimeSmppCredentials appName={app.name} systemId={shown.system_id} password={shown.password} onDone={confirm.dismiss} />}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-600">{t('systemId')}</dt>
        <dd className="font-mono">{app.smpp.system_id ?? t('notEnabled')}</dd>
        <dt className="text-slate-600">{t('throughput')}</dt>
        <dd>{t('tps', { tps: app.smpp.tps })}</dd>
      </dl>
      <p className="text-sm text-slate-700">{t('about')}</p>
      {canWrite && (
        <Button type="button" variant="secondary" onClick={confirm.ask}>
          {enabled ? t('rotate') : t('enable')}
        </Button>
      )}
      <ConfirmDialog
        {...confirm.dialog}
        title={enabled ? t('rotateTitle', { appName: app.name }) : t('enableTitle', { appName: app.name })}
        confirmLabel={enabled ? t('rotateConfirm') : t('enable')}
        pendingLabel={t('pending')}
      >
        <p>{enabled ? t('rotateBody') : t('enableBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
