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
import { useFieldText } from '@/components/ui/field-texts';
import { UpdateComposeConfirmInput } from '@/server/contracts/organization';

/** The total above which Compose asks to confirm a send (it also asks above half the balance). Owners change it (audited). */
export function ComposeConfirmForm({ amount, currency, canEdit }: { amount: number; currency: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const t = useTranslations('settings.composeConfirm');
  const say = useFieldText();
  const router = useRouter();
  const update = useMutation(trpc.organization.updateComposeConfirm.mutationOptions());
  const [value, setValue] = useState(String(amount));
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const parsed = UpdateComposeConfirmInput.safeParse({ amount: value.trim() });
    if (!parsed.success) return setError(say(parsed.error.issues[0].message));
    setError(undefined);
    try {
      await update.mutateAsync(parsed.data);
      setStatus({ tone: 'success', text: t('saved') });
      router.refresh();
    } catch (err) {
      showServerError(err, (fields) => setError(fields.amount), (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('formLabel')}>
      <fieldset disabled={!canEdit} className="max-w-xs space-y-4">
        <Field label={t('label', { currency })} name="compose_confirm_amount" inputMode="decimal" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} error={error} hint={t('hint')} />
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
