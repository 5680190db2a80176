'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/components/ui/format';

const strong = (text: ReactNode) => <strong>{text}</strong>;

/** A secret in a read-only field with a copy button (falls back to selecting it when the clipboard is blocked). */
function CopyableSecret({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const t = useTranslations('keys.oneTime');
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
        {copied === 'yes' ? t('copied') : copied === 'failed' ? t('copyBlocked') : ''}
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

/**
 * The plain key at its one showing (and, for a new app, its webhook signing
 * secret). Once this is dismissed or the page reloads, only prefix…last4 of
 * the key exists anywhere, and the signing secret is never shown again.
 */
export function OneTimeKey({ appName, apiKey, signingSecret, onDone }: { appName: string; apiKey: string; signingSecret?: string; onDone: () => void }) {
  const t = useTranslations('keys.oneTime');
  return (
    <OneTimePanel title={t('keyTitle', { appName })} doneLabel={t('keyDone')} onDone={onDone}>
      <p className="text-sm text-amber-950">{t.rich('keyWarning', { strong })}</p>
      <CopyableSecret label={t('keyLabel')} value={apiKey} copyLabel={t('copyKey')} />
      {signingSecret && (
        <>
          <p className="text-sm text-amber-950">
            {t('signingHelp')} {t('signingShownOnce')}
          </p>
          <CopyableSecret label={t('signingLabel')} value={signingSecret} copyLabel={t('copySigning')} />
        </>
      )}
    </OneTimePanel>
  );
}

/** A rotated webhook signing secret at its one showing; the previous one still signs until `previousValidUntil`. */
export function OneTimeSigningSecret({ appName, secret, previousValidUntil, onDone }: { appName: string; secret: string; previousValidUntil: string; onDone: () => void }) {
  const t = useTranslations('keys.oneTime');
  const f = useFormat();
  return (
    <OneTimePanel title={t('secretTitle', { appName })} doneLabel={t('secretDone')} onDone={onDone}>
      <p className="text-sm text-amber-950">{t.rich('secretWarning', { strong, help: t('signingHelp'), until: `${f.dateTime(previousValidUntil, 'UTC')} UTC` })}</p>
      <CopyableSecret label={t('newSecretLabel')} value={secret} copyLabel={t('copySigning')} />
    </OneTimePanel>
  );
}

/** SMPP credentials (D15) at their one showing: the password is stored as a fingerprint only. */
export function OneTimeSmppCredentials({ appName, systemId, password, onDone }: { appName: string; systemId: string; password: string; onDone: () => void }) {
  const t = useTranslations('keys.oneTime');
  return (
    <OneTimePanel title={t('smppTitle', { appName })} doneLabel={t('smppDone')} onDone={onDone}>
      <p className="text-sm text-amber-950">{t.rich('smppWarning', { strong })}</p>
      <CopyableSecret label={t('systemId')} value={systemId} copyLabel={t('copySystemId')} />
      <CopyableSecret label={t('smppPassword')} value={password} copyLabel={t('copyPassword')} />
    </OneTimePanel>
  );
}
