'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/components/ui/form-errors';

/** Enables or disables a connector (disabling stops its sessions within 5 s); audited as connector.update. */
export function ConnectorEnableButton({ name, enabled }: { name: string; enabled: boolean }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.connectors');
  const router = useRouter();
  const update = useMutation(trpc.operator.updateConnector.mutationOptions());
  const [message, setMessage] = useState<string | null>(null);

  async function onClick() {
    setMessage(null);
    try {
      await update.mutateAsync({ name, enabled: !enabled });
      router.refresh();
    } catch (err) {
      setMessage(messageOf(err));
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button type="button" variant={enabled ? 'secondary' : 'primary'} className="px-2 py-0.5" disabled={update.isPending} onClick={onClick} aria-label={enabled ? t('disableLabel', { name }) : t('enableLabel', { name })}>
        {enabled ? t('disable') : t('enable')}
      </Button>
      <span aria-live="polite" className="text-xs text-red-700">{message}</span>
    </span>
  );
}
