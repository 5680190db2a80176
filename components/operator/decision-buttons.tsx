'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/components/ui/form-errors';

export type DecisionAction<D extends string> = { decision: D; label: string; ariaLabel: string; variant: 'primary' | 'secondary' };

/**
 * The operator's review flow, shared by top-up requests and sender IDs: a row of decisions (approve, reject,
 * revoke...), with a reason field when the decision carries one; the page refreshes after it, a refusal shows beneath.
 */
export function DecisionButtons<D extends string>({
  actions,
  reason,
  decide,
}: {
  actions: DecisionAction<D>[];
  /** The reason field, when a decision carries one: its label and placeholder. */
  reason?: { label: string; placeholder: string };
  decide: (decision: D, reason: string) => Promise<unknown>;
}) {
  const router = useRouter();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();

  async function run(decision: D) {
    setError(null);
    setPending(true);
    try {
      await decide(decision, text);
      setText('');
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        {reason && (
          <>
            <label htmlFor={reasonId} className="sr-only">
              {reason.label}
            </label>
            <input
              id={reasonId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={reason.placeholder}
              className="rounded-md border border-slate-300 px-2 py-1 text-sm"
            />
          </>
        )}
        {actions.map((a) => (
          <Button key={a.decision} type="button" variant={a.variant} className="px-3 py-1" disabled={pending} onClick={() => run(a.decision)} aria-label={a.ariaLabel}>
            {a.label}
          </Button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
