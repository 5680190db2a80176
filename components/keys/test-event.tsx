'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { messageOf } from '@/components/ui/form-errors';
import type { TestEventResult } from '@/shared/contracts/keys';

/** "Send test event": one real POST of a marked sample event to the saved webhook, and what it answered. */
export function TestEvent({ appId, hasWebhook }: { appId: string; hasWebhook: boolean }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.keys.sendTestEvent.mutationOptions());
  const t = useTranslations('keys.testEvent');
  const [result, setResult] = useState<TestEventResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setError(null);
    setResult(null);
    try {
      setResult(await send.mutateAsync({ appId }));
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t.rich('about', { strong: (c) => <strong>{c}</strong>, code: (c) => <code>{c}</code> })}</p>
      <Button type="button" variant="secondary" onClick={run} disabled={!hasWebhook || send.isPending}>
        {send.isPending ? t('pending') : t('button')}
      </Button>
      {!hasWebhook && <p className="text-sm text-slate-600">{t('saveFirst')}</p>}
      <div aria-live="polite">
        {error && <Alert>{error}</Alert>}
        {result && (
          <div className="space-y-2">
            <Alert tone={result.ok ? 'success' : 'error'}>
              {result.status_code !== null ? (
                <>
                  {t.rich('answered', { status: String(result.status_code), ms: String(result.latency_ms), strong: (c) => <strong>{c}</strong> })}
                  {result.ok ? t('acknowledged') : result.status_code >= 500 ? t('retried') : t('notRetried')}
                  {result.error ? t('error', { error: result.error }) : ''}
                </>
              ) : (
                t('noAnswer', { ms: String(result.latency_ms), error: result.error ?? '' })
              )}
            </Alert>
            <details className="text-sm">
              <summary className="cursor-pointer text-slate-700">{t('sampleBody')}</summary>
              <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(result.payload, null, 2)}</pre>
            </details>
          </div>
        )}
      </div>
    </div>
  );
}
