'use client';

import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers';
import type { SenderId } from '@/server/contracts/sender-ids';
import { DecisionButtons } from './decision-buttons';

/** The review queue's actions (D22): approve or reject (with a reason) a pending sender ID, revoke (with a reason) an approved one. */
export function SenderIdDecision({ id, senderId, state }: { id: string; senderId: string; state: SenderId['state'] }) {
  const trpc = useTRPC();
  const decide = useMutation(trpc.operator.decideSenderId.mutationOptions());
  if (state !== 'pending' && state !== 'approved') return null;
  return (
    <DecisionButtons
      reason={{ label: `Reason for ${senderId}`, placeholder: 'Reason (to reject or revoke)' }}
      actions={
        state === 'pending'
          ? [
              { decision: 'approve', label: 'Approve', ariaLabel: `Approve ${senderId}`, variant: 'primary' },
              { decision: 'reject', label: 'Reject', ariaLabel: `Reject ${senderId}`, variant: 'secondary' },
            ]
          : [{ decision: 'revoke', label: 'Revoke', ariaLabel: `Revoke ${senderId}`, variant: 'secondary' }]
      }
      decide={(decision, reason) => decide.mutateAsync(decision === 'approve' ? { id, decision } : { id, decision, reason })}
    />
  );
}
