'use client';

import { useMutation } from '@tanstack/react-query';
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
        <dt className="text-slate-600">system_id</dt>
        <dd className="font-mono">{app.smpp.system_id ?? 'not enabled'}</dd>
        <dt className="text-slate-600">Throughput</dt>
        <dd>{app.smpp.tps} submit_sm per second</dd>
      </dl>
      <p className="text-sm text-slate-700">
        Bind an ESME over SMPP 3.4 (at most 4 sessions). Messages are billed and tracked like REST sends; receipts come back as deliver_sm on a
        receiver or transceiver session.
      </p>
      {canWrite && (
        <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
          {enabled ? 'Rotate SMPP password' : 'Enable SMPP'}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        title={enabled ? `Rotate the SMPP password of ${app.name}?` : `Enable SMPP for ${app.name}?`}
        confirmLabel={enabled ? 'Rotate password' : 'Enable SMPP'}
        pendingLabel="Saving…"
        pending={enable.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <p>
          {enabled
            ? 'The current password stops working at once: sessions bound with it stay up, new binds need the new one.'
            : 'The system_id and password are shown once.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
