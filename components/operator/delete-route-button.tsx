'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/components/ui/form-errors';

/** Removes one route (platform, or one organization's); audited as route.delete. */
export function DeleteRouteButton({ prefix, organizationId }: { prefix: string; organizationId: string | null }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.connectors');
  const router = useRouter();
  const remove = useMutation(trpc.operator.deleteRoute.mutationOptions());
  const [message, setMessage] = useState<string | null>(null);

  async function onClick() {
    setMessage(null);
    try {
      await remove.mutateAsync({ prefix, organizationId: organizationId ?? undefined });
      router.refresh();
    } catch (err) {
      setMessage(messageOf(err));
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button type="button" variant="danger" className="px-2 py-0.5" disabled={remove.isPending} onClick={onClick} aria-label={organizationId ? t('deleteRouteOfLabel', { prefix, organization: organizationId }) : t('deleteRouteLabel', { prefix })}>
        {t('deleteRoute')}
      </Button>
      <span aria-live="polite" className="text-xs text-red-700">{message}</span>
    </span>
  );
}
