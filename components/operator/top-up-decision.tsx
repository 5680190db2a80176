'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import { DecisionButtons } from './decision-buttons';

/** Confirm (credits the wallet once) or reject a pending live top-up request. */
export function TopUpDecision({ requestId, label }: { requestId: string; label: string }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.decision');
  const decide = useMutation(trpc.operator.decideTopUp.mutationOptions());
  return (
    <DecisionButtons
      actions={[
        { decision: 'confirm', label: t('confirm'), ariaLabel: t('confirmLabel', { subject: label }), variant: 'primary' },
        { decision: 'reject', label: t('reject'), ariaLabel: t('rejectLabel', { subject: label }), variant: 'secondary' },
      ]}
      decide={(decision) => decide.mutateAsync({ requestId, decision })}
    />
  );
}
