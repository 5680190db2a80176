'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { messageOf } from '@/components/ui/form-errors';
import type { TestEventResult } from '@/server/contracts/keys';

/** "Send test event": one real POST of a marked sample event to the saved webhook, and what it answered. */
export function TestEvent({ appId, hasWebhook }: { appId: string; hasWebhook: boolean }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.keys.sendTestEvent.mutationOptions());
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
      <p className="text-sm text-slate-700">
        Sends a <strong>sample</strong> <code>sms.delivered</code> event, marked <code>&quot;test&quot;: true</code> with message id{' '}
        <code>msg_TEST_EVENT_not_a_real_send</code>, to the saved URL with your Basic credentials. No SMS is sent and nothing is charged;
        it is not retried.
      </p>
      <Button type="button" variant="secondary" onClick={run} disabled={!hasWebhook || send.isPending}>
        {send.isPending ? 'Sending…' : 'Send test event'}
      </Button>
      {!hasWebhook && <p className="text-sm text-slate-600">Save a webhook URL first.</p>}
      <div aria-live="polite">
        {error && <Alert>{error}</Alert>}
        {result && (
          <div className="space-y-2">
            <Alert tone={result.ok ? 'success' : 'error'}>
              {result.status_code !== null ? (
                <>
                  Your webhook answered <strong>HTTP {result.status_code}</strong> in {result.latency_ms} ms
                  {result.ok ? ': acknowledged.' : `: not a 2xx, a real event would ${result.status_code >= 500 ? 'be retried' : 'not be retried'}.`}
                  {result.error ? ` (${result.error})` : ''}
                </>
              ) : (
                <>
                  No answer after {result.latency_ms} ms: {result.error}
                </>
              )}
            </Alert>
            <details className="text-sm">
              <summary className="cursor-pointer text-slate-700">The sample body that was sent</summary>
              <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(result.payload, null, 2)}</pre>
            </details>
          </div>
        )}
      </div>
    </div>
  );
}
