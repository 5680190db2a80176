'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { FormStatusLine, type FormStatus } from '@/components/ui/use-form-submit';
import { Field } from '@/components/ui/field';
import { messageOf } from '@/components/ui/form-errors';
import { useFormat } from '@/components/ui/format';
import { useFieldText } from '@/components/ui/field-texts';
import { SetCreditLineInput } from '@/shared/contracts/operator';

/** Postpaid agreement: sets the postpaid wallet to an amount (the difference is one adjustment ledger row). */
export function CreditLineForm({ organizationId, current, currency }: { organizationId: string; current: number | null; currency: string }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.creditLine');
  const say = useFieldText();
  const f = useFormat();
  const router = useRouter();
  const set = useMutation(trpc.operator.setCreditLine.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<FormStatus>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const parsed = SetCreditLineInput.safeParse({ organizationId, amount: new FormData(e.currentTarget).get('amount') });
    if (!parsed.success) {
      setError(say(parsed.error.issues[0].message));
      return;
    }
    setError(null);
    try {
      const r = await set.mutateAsync(parsed.data);
      setStatus({
        tone: 'success',
        text: t('saved', { amount: f.money(r.postpaid, currency), adjustment: `${r.adjustment >= 0 ? '+' : ''}${f.money(r.adjustment, currency)}` }),
      });
      router.refresh();
    } catch (err) {
      setStatus({ tone: 'error', text: messageOf(err) });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('formLabel')}>
      <p className="text-sm text-slate-700">
        {t.rich('current', { balance: current === null ? t('noWallet') : f.money(current, currency), code: (chunks) => <code>{chunks}</code> })}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-[12rem]">
          <Field label={t('amount', { currency })} name="amount" inputMode="decimal" autoComplete="off" required error={error} />
        </div>
        <Button type="submit" disabled={set.isPending}>
          {set.isPending ? t('pending') : t('submit')}
        </Button>
      </div>
      <FormStatusLine status={status} />
    </form>
  );
}
