'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/components/ui/form-errors';
import type { SenderId } from '@/server/contracts/sender-ids';

/** The review queue's actions (D22): approve or reject (with a reason) a pending sender ID, revoke (with a reason) an approved one. */
export function SenderIdDecision({ id, senderId, state }: { id: string; senderId: string; state: SenderId['state'] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const decide = useMutation(trpc.operator.decideSenderId.mutationOptions());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  if (state !== 'pending' && state !== 'approved') return null;

  async function run(decision: 'approve' | 'reject' | 'revoke') {
    setError(null);
    try {
      await decide.mutateAsync(decision === 'approve' ? { id, decision } : { id, decision, reason });
      setReason('');
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={reasonId} className="sr-only">
          Reason for {senderId}
        </label>
        <input
          id={reasonId}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Reason (to reject or revoke)"
          className="rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
        {state === 'pending' ? (
          <>
            <Button type="button" className="px-3 py-1" disabled={decide.isPending} onClick={() => run('approve')} aria-label={`Approve ${senderId}`}>
              Approve
            </Button>
            <Button type="button" variant="secondary" className="px-3 py-1" disabled={decide.isPending} onClick={() => run('reject')} aria-label={`Reject ${senderId}`}>
              Reject
            </Button>
          </>
        ) : (
          <Button type="button" variant="secondary" className="px-3 py-1" disabled={decide.isPending} onClick={() => run('revoke')} aria-label={`Revoke ${senderId}`}>
            Revoke
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
