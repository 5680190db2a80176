'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Select } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';
import type { SmartEncodingMode } from '@/shared/messages/smart-encoding';

const MODES: Array<{ value: SmartEncodingMode; label: string }> = [
  { value: 'off', label: 'Off: send texts exactly as written' },
  { value: 'lookalikes', label: 'Replace typographic quotes, dashes, ellipses and spaces' },
  { value: 'transliterate', label: 'Replace those and accents GSM lacks (ê -> e, œ -> oe)' },
];

/**
 * D21: how the organization's sends that do not name a smart encoding go (API sends without `smart_encoding`, and
 * Compose's first choice). Owners change it (audited); everyone else sees it.
 */
export function SmartEncodingForm({ mode, canEdit }: { mode: SmartEncodingMode; canEdit: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const update = useMutation(trpc.organization.updateSmartEncoding.mutationOptions());
  const [value, setValue] = useState<SmartEncodingMode>(mode);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    try {
      await update.mutateAsync({ smartEncoding: value });
      setStatus({ tone: 'success', text: 'Smart encoding saved.' });
      router.refresh();
    } catch (err) {
      showServerError(err, () => {}, (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Smart encoding">
      <p className="text-sm text-slate-600">
        One character GSM lacks (ê, ô, Œ, a curly quote) makes a whole SMS UCS-2: 70 characters a segment instead of 160.
        Replacing such characters is used only when the whole text then fits GSM-7; phones read the replaced text.
      </p>
      <fieldset disabled={!canEdit} className="space-y-4">
        <Select label="Smart encoding" name="smart_encoding" value={value} onChange={(e) => setValue(e.target.value as SmartEncodingMode)} hint="For API sends without smart_encoding, and Compose's first choice.">
          {MODES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </Select>
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save smart encoding'}
          </Button>
        )}
      </fieldset>
      <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
    </form>
  );
}
