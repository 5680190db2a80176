'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { FormStatusLine, type FormStatus } from '@/components/ui/use-form-submit';
import { Field, Select } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';
import { useFormat } from '@/components/ui/format';
import { useFieldText } from '@/components/ui/field-texts';
import { TopUpInput } from '@/shared/contracts/wallet-dashboard';

type Errors = Partial<Record<keyof TopUpInput, string>>;

/** Sandbox: instant test credit. Live: a request an operator confirms once the payment arrives. */
export function TopUpForm({ environment, currency }: { environment: 'test' | 'live'; currency: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const t = useTranslations('wallet.form');
  const say = useFieldText();
  const f = useFormat();
  const topUp = useMutation(trpc.wallets.topUp.mutationOptions());
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<FormStatus>(null);
  const sandbox = environment === 'test';

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const form = e.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = TopUpInput.safeParse({ ...data, reference: data.reference || undefined });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], say(i.message)])) as Errors);
      return;
    }
    setErrors({});
    try {
      const r = await topUp.mutateAsync(parsed.data);
      setStatus({
        tone: 'success',
        text:
          r.mode === 'credited'
            ? t('credited', { amount: f.money(r.amount, currency), wallet: t(`walletName.${r.wallet}`), balance: f.money(r.balance, currency) })
            : t('requested', { amount: f.money(r.request.amount, currency) }),
      });
      form.reset();
      router.refresh();
    } catch (err) {
      showServerError(err, (fields) => setErrors(fields as Errors), (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={sandbox ? t('addLabel') : t('requestLabel')}>
      <p className="text-sm text-slate-700">
        {sandbox ? t('sandboxNote') : t('liveNote')}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Select label={t('wallet')} name="wallet" defaultValue="prepaid" error={errors.wallet}>
          <option value="prepaid">{t('prepaid')}</option>
          <option value="postpaid">{t('postpaid')}</option>
        </Select>
        <Field label={t('amount', { currency })} name="amount" inputMode="decimal" autoComplete="off" required error={errors.amount} hint={t('amountHint')} />
        {!sandbox && <Field label={t('reference')} name="reference" autoComplete="off" error={errors.reference} hint={t('referenceHint')} />}
      </div>
      <Button type="submit" disabled={topUp.isPending}>
        {topUp.isPending ? t('pending') : sandbox ? t('submitTest') : t('submitLive')}
      </Button>
      <FormStatusLine status={status} />
    </form>
  );
}
