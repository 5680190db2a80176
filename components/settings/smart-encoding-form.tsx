'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Select } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';
import type { SmartEncodingMode } from '@/shared/messages/smart-encoding';

const MODES: SmartEncodingMode[] = ['off', 'lookalikes', 'transliterate'];

/**
 * D21: how the organization's sends that do not name a smart encoding go (API sends without `smart_encoding`, and
 * Compose's first choice). Owners change it (audited); everyone else sees it.
 */
export function SmartEncodingForm({ mode, canEdit }: { mode: SmartEncodingMode; canEdit: boolean }) {
  const trpc = useTRPC();
  const t = useTranslations('settings.smartEncoding');
  const router = useRouter();
  const update = useMutation(trpc.organization.updateSmartEncoding.mutationOptions());
  const [value, setValue] = useState<SmartEncodingMode>(mode);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    try {
      await update.mutateAsync({ smartEncoding: value });
      setStatus({ tone: 'success', text: t('saved') });
      router.refresh();
    } catch (err) {
      showServerError(err, () => {}, (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('formLabel')}>
      <p className="text-sm text-slate-600">{t('intro')}</p>
      <fieldset disabled={!canEdit} className="space-y-4">
        <Select label={t('label')} name="smart_encoding" value={value} onChange={(e) => setValue(e.target.value as SmartEncodingMode)} hint={t('hint')}>
          {MODES.map((m) => (
            <option key={m} value={m}>
              {t(`modes.${m}`)}
            </option>
          ))}
        </Select>
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('pending') : t('submit')}
          </Button>
        )}
      </fieldset>
      <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
    </form>
  );
}
