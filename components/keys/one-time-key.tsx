'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A secret in a read-only field with a copy button (falls back to selecting it when the clipboard is blocked). */
function CopyableSecret({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('failed');
    }
  }

  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block text-sm font-medium text-amber-950">
            {label}
          </label>
          <input
            id={id}
            ref={input}
            readOnly
            value={value}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 block w-full rounded-md border border-amber-400 bg-white px-3 py-2 font-mono text-sm"
          />
        </div>
        <Button type="button" onClick={copy}>
          {copyLabel}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-amber-950">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Copying is blocked here: the value is selected, press Ctrl+C (⌘C).' : ''}
      </p>
    </div>
  );
}

/** The one showing of secrets: a focused heading (announced by screen readers), what to know, the values, a dismiss button. */
function OneTimePanel({ title, children, doneLabel, onDone }: { title: string; children: ReactNode; doneLabel: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-5">
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1} className="text-lg font-semibold text-amber-950 focus:outline-none">
        {title}
      </h2>
      {children}
      <Button type="button" variant="secondary" onClick={onDone}>
        {doneLabel}
      </Button>
    </section>
  );
}

const SIGNING_HELP =
  'Every webhook request carries webhook-id, webhook-timestamp and webhook-signature headers (Standard Webhooks): verify them with this secret and any Standard Webhooks library.';

/**
 * The plain key at its one showing (and, for a new app, its webhook signing
 * secret). Once this is dismissed or the page reloads, only prefix…last4 of
 * the key exists anywhere, and the signing secret is never shown again.
 */
export function OneTimeKey({ appName, apiKey, signingSecret, onDone }: { appName: string; apiKey: string; signingSecret?: string; onDone: () => void }) {
  return (
    <OneTimePanel title={`Copy the API key for ${appName} now`} doneLabel="I have stored the key" onDone={onDone}>
      <p className="text-sm text-amber-950">
        <strong>This is the only time the key is shown.</strong> We keep only a fingerprint of it, so nobody (not even support) can show it
        again. Store it in your server&apos;s secret settings; if you lose it, regenerate the key.
      </p>
      <CopyableSecret label="New API key" value={apiKey} copyLabel="Copy key" />
      {signingSecret && (
        <>
          <p className="text-sm text-amber-950">{SIGNING_HELP} It is shown only now too; you can rotate it later.</p>
          <CopyableSecret label="Webhook signing secret" value={signingSecret} copyLabel="Copy signing secret" />
        </>
      )}
    </OneTimePanel>
  );
}

/** A rotated webhook signing secret at its one showing; the previous one still signs until `previousValidUntil`. */
export function OneTimeSigningSecret({ appName, secret, previousValidUntil, onDone }: { appName: string; secret: string; previousValidUntil: string; onDone: () => void }) {
  return (
    <OneTimePanel title={`Copy the new signing secret for ${appName} now`} doneLabel="I have stored the secret" onDone={onDone}>
      <p className="text-sm text-amber-950">
        <strong>This is the only time it is shown.</strong> {SIGNING_HELP} Until {new Date(previousValidUntil).toUTCString()} every request
        carries a signature with the previous secret too, so switch your receiver before then.
      </p>
      <CopyableSecret label="New signing secret" value={secret} copyLabel="Copy signing secret" />
    </OneTimePanel>
  );
}

/** SMPP credentials (D15) at their one showing: the password is stored as a fingerprint only. */
export function OneTimeSmppCredentials({ appName, systemId, password, onDone }: { appName: string; systemId: string; password: string; onDone: () => void }) {
  return (
    <OneTimePanel title={`Copy the SMPP password for ${appName} now`} doneLabel="I have stored the password" onDone={onDone}>
      <p className="text-sm text-amber-950">
        <strong>This is the only time the password is shown.</strong> Bind your ESME (transmitter, receiver or transceiver) with this
        system_id and password; if you lose the password, rotate it.
      </p>
      <CopyableSecret label="system_id" value={systemId} copyLabel="Copy system_id" />
      <CopyableSecret label="SMPP password" value={password} copyLabel="Copy password" />
    </OneTimePanel>
  );
}
