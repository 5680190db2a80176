'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The plain key at its one showing: a warning, the key in a read-only field,
 * a copy button. Focus moves here so screen readers announce it. Once this is
 * dismissed or the page reloads, only prefix…last4 exists anywhere.
 */
export function OneTimeKey({ appName, apiKey, onDone }: { appName: string; apiKey: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => heading.current?.focus(), [apiKey]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('failed');
    }
  }

  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-5">
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1} className="text-lg font-semibold text-amber-950 focus:outline-none">
        Copy the API key for {appName} now
      </h2>
      <p className="text-sm text-amber-950">
        <strong>This is the only time the key is shown.</strong> We keep only a fingerprint of it, so nobody (not even support) can show it
        again. Store it in your server&apos;s secret settings; if you lose it, regenerate the key.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-k`} className="block text-sm font-medium text-amber-950">
            New API key
          </label>
          <input
            id={`${id}-k`}
            ref={input}
            readOnly
            value={apiKey}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 block w-full rounded-md border border-amber-400 bg-white px-3 py-2 font-mono text-sm"
          />
        </div>
        <Button type="button" onClick={copy}>
          Copy key
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-amber-950">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Copying is blocked here: the key is selected, press Ctrl+C (⌘C).' : ''}
      </p>
      <Button type="button" variant="secondary" onClick={onDone}>
        I have stored the key
      </Button>
    </section>
  );
}
