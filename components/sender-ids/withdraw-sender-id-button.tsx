'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/components/ui/form-errors';

/** Withdraw a request still pending (developer or owner). */
export function WithdrawSenderIdButton({ id, senderId }: { id: string; senderId: string }) {
  const trpc = useTRPC();
  const t = useTranslations('senderIds.withdraw');
  const router = useRouter();
  const withdraw = useMutation(trpc.senderIds.withdraw.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setError(null);
    try {
      await withdraw.mutateAsync({ id });
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button type="button" variant="secondary" className="px-3 py-1" disabled={withdraw.isPending} onClick={run} aria-label={t('label', { senderId })}>
        {t('submit')}
      </Button>
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
