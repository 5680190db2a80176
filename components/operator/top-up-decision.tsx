'use client';

import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers';
import { DecisionButtons } from './decision-buttons';

/** Confirm (credits the wallet once) or reject a pending live top-up request. */
export function TopUpDecision({ requestId, label }: { requestId: string; label: string }) {
  const trpc = useTRPC();
  const decide = useMutation(trpc.operator.decideTopUp.mutationOptions());
  return (
    <DecisionButtons
      actions={[
        { decision: 'confirm', label: 'Confirm', ariaLabel: `Confirm ${label}`, variant: 'primary' },
        { decision: 'reject', label: 'Reject', ariaLabel: `Reject ${label}`, variant: 'secondary' },
      ]}
      decide={(decision) => decide.mutateAsync({ requestId, decision })}
    />
  );
}
