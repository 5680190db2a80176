'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/components/ui/form-errors';

/** Confirm (credits the wallet once) or reject a pending live top-up request. */
export function TopUpDecision({ requestId, label }: { requestId: string; label: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const decide = useMutation(trpc.operator.decideTopUp.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  async function run(decision: 'confirm' | 'reject') {
    setError(null);
    try {
      await decide.mutateAsync({ requestId, decision });
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <div className="space-y-1">
      <div className="flex gap-2">
        <Button type="button" className="px-3 py-1" disabled={decide.isPending} onClick={() => run('confirm')} aria-label={`Confirm ${label}`}>
          Confirm
        </Button>
        <Button type="button" variant="secondary" className="px-3 py-1" disabled={decide.isPending} onClick={() => run('reject')} aria-label={`Reject ${label}`}>
          Reject
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
