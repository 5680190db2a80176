'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import type { SenderId } from '@/shared/contracts/sender-ids';
import { DecisionButtons } from './decision-buttons';

/** The review queue's actions (D22): approve or reject (with a reason) a pending sender ID, revoke (with a reason) an approved one. */
export function SenderIdDecision({ id, senderId, state }: { id: string; senderId: string; state: SenderId['state'] }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.decision');
  const decide = useMutation(trpc.operator.decideSenderId.mutationOptions());
  if (state !== 'pending' && state !== 'approved') return null;
  return (
    <DecisionButtons
      reason={{ label: t('reasonLabel', { subject: senderId }), placeholder: t('reasonPlaceholder') }}
      actions={
        state === 'pending'
          ? [
              { decision: 'approve', label: t('approve'), ariaLabel: t('approveLabel', { subject: senderId }), variant: 'primary' },
              { decision: 'reject', label: t('reject'), ariaLabel: t('rejectLabel', { subject: senderId }), variant: 'secondary' },
            ]
          : [{ decision: 'revoke', label: t('revoke'), ariaLabel: t('revokeLabel', { subject: senderId }), variant: 'secondary' }]
      }
      decide={(decision, reason) => decide.mutateAsync(decision === 'approve' ? { id, decision } : { id, decision, reason })}
    />
  );
}
