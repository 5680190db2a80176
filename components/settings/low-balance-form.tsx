'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';

/**
 * Issue 44: the low-balance alert threshold (an amount in the organization's currency; empty: off). Owners change it
 * (audited); everyone else sees it.
 */
export function LowBalanceForm({ threshold, currency, canEdit }: { threshold: number | null; currency: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const t = useTranslations('settings.lowBalance');
  const router = useRouter();
  const update = useMutation(trpc.organization.updateLowBalanceThreshold.mutationOptions());
  const [value, setValue] = useState(threshold === null ? '' : String(threshold));
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    setError(undefined);
    try {
      await update.mutateAsync({ threshold: value.trim() === '' ? null : value.trim() });
      setStatus({ tone: 'success', text: t('saved') });
      router.refresh();
    } catch (err) {
      showServerError(err, (fields) => setError(Object.values(fields)[0]), (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('formLabel')}>
      <p className="text-sm text-slate-600">{t('intro')}</p>
      <fieldset disabled={!canEdit} className="space-y-4">
        <Field
          label={`${t('label')} (${currency})`}
          name="low_balance_threshold"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hint={t('hint')}
          error={error}
        />
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
