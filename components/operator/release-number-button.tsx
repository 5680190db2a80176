'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { messageOf } from '@/components/ui/form-errors';

/** Takes back one assignment (D18) after a confirmation; audited as number.release. */
export function ReleaseNumberButton({ number, keyword, appName }: { number: string; keyword: string | null; appName: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const release = useMutation(trpc.operator.releaseNumber.mutationOptions());
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = keyword === null ? number : `${number} ${keyword}`;

  async function onConfirm() {
    setError(null);
    try {
      await release.mutateAsync({ number, keyword: keyword ?? undefined });
      setOpen(false);
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <>
      <Button type="button" variant="danger" className="px-2 py-0.5" onClick={() => setOpen(true)} aria-label={`Release ${label}`}>
        Release
      </Button>
      <ConfirmDialog
        open={open}
        title={`Release ${label}?`}
        confirmLabel="Release"
        pendingLabel="Releasing…"
        pending={release.isPending}
        error={error}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      >
        {appName} stops receiving the messages sent to {keyword === null ? number : `${number} with the keyword ${keyword}`}
        {keyword === null && number.length <= 7 ? ' that no keyword claims (its keywords stay)' : ''}.
      </ConfirmDialog>
    </>
  );
}
