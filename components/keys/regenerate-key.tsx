'use client';

import { useMutation } from '@tanstack/react-query';
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
        Regenerate key
      </Button>
      <ConfirmDialog
        open={open}
        title={`Regenerate the key of ${appName}?`}
        confirmLabel="Regenerate key"
        pendingLabel="Regenerating…"
        pending={regenerate.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <p>
          <strong>The current key ({maskedKey}) stops working at once.</strong> Every request that still uses it will get 401 until
          you deploy the new key.
        </p>
        <p>The new key is shown once, right after this.</p>
      </ConfirmDialog>
    </div>
  );
}
