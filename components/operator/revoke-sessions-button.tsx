'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/components/ui/form-errors';

/** Ends every session of one dashboard user (they must sign in again); audited as user.sessions_revoked. */
export function RevokeSessionsButton({ userId, email }: { userId: string; email: string }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.revokeSessions');
  const revoke = useMutation(trpc.operator.revokeSessions.mutationOptions());
  const [message, setMessage] = useState<string | null>(null);

  async function onClick() {
    setMessage(null);
    try {
      await revoke.mutateAsync({ userId });
      setMessage(t('done'));
    } catch (err) {
      setMessage(messageOf(err));
    }
  }

  return (
    <span className="ml-2 inline-flex items-center gap-2">
      <Button type="button" variant="secondary" className="px-2 py-0.5" disabled={revoke.isPending} onClick={onClick} aria-label={t('label', { email })}>
        {t('submit')}
      </Button>
      <span aria-live="polite" className="text-xs text-slate-600">
        {message}
      </span>
    </span>
  );
}
