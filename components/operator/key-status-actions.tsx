'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { KeyStatusBadge } from '@/components/keys/key-status-badge';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/components/ui/form-errors';
import type { AppView, KeyStatusValue } from '@/shared/contracts/keys';

const ACTIONS: Array<{ status: Exclude<KeyStatusValue, 'pending_validation'>; variant: 'primary' | 'secondary' | 'danger' }> = [
  { status: 'allowed', variant: 'primary' },
  { status: 'suspended', variant: 'danger' },
  { status: 'locked', variant: 'secondary' },
  { status: 'revoqued', variant: 'danger' },
  { status: 'expired', variant: 'secondary' },
  { status: 'rejected', variant: 'secondary' },
];

/** Sets a key's status; the API answers that status's 403 (or allows) from the next request. */
export function KeyStatusActions({ app }: { app: AppView }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.keyStatus');
  const router = useRouter();
  const set = useMutation(trpc.operator.setKeyStatus.mutationOptions());
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  async function apply(status: (typeof ACTIONS)[number]['status']) {
    setMessage(null);
    try {
      await set.mutateAsync({ appId: app.id, status });
      setMessage({ tone: 'ok', text: t(`done.${status}`) });
      router.refresh();
    } catch (err) {
      setMessage({ tone: 'error', text: messageOf(err) });
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('groupLabel', { app: app.name })}>
        <KeyStatusBadge status={app.status} />
        {ACTIONS.filter((a) => a.status !== app.status).map((a) => (
          <Button
            key={a.status}
            type="button"
            variant={a.variant}
            className="px-3 py-1"
            disabled={set.isPending}
            onClick={() => apply(a.status)}
            aria-label={t('actionLabel', { action: t(`actions.${a.status}`), app: app.name })}
          >
            {t(`actions.${a.status}`)}
          </Button>
        ))}
      </div>
      <p aria-live="polite" className={`text-sm ${message?.tone === 'error' ? 'text-red-700' : 'text-slate-700'}`}>
        {message?.text}
      </p>
    </div>
  );
}
