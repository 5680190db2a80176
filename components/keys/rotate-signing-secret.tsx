'use client';

import { useMutation } from '@tanstack/react-query';
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
        Rotate signing secret
      </Button>
      <ConfirmDialog
        open={open}
        title={`Rotate the webhook signing secret of ${appName}?`}
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        pending={rotate.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <p>The new secret is shown once. For 24 hours every webhook request is signed with both the current and the new secret.</p>
      </ConfirmDialog>
    </div>
  );
}
