'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field, Select } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';
import { formatMoney } from '@/components/ui/format';
import { TopUpInput } from '@/server/contracts/wallet-dashboard';

type Errors = Partial<Record<keyof TopUpInput, string>>;

/** Sandbox: instant test credit. Live: a request an operator confirms once the payment arrives. */
export function TopUpForm({ environment, currency }: { environment: 'test' | 'live'; currency: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const topUp = useMutation(trpc.wallets.topUp.mutationOptions());
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const sandbox = environment === 'test';

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const form = e.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = TopUpInput.safeParse({ ...data, reference: data.reference || undefined });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])) as Errors);
      return;
    }
    setErrors({});
    try {
      const r = await topUp.mutateAsync(parsed.data);
      setStatus({
        tone: 'success',
        text:
          r.mode === 'credited'
            ? `Added ${formatMoney(r.amount, currency)} of test credit to the ${r.wallet} wallet. New balance: ${formatMoney(r.balance, currency)}.`
            : `Top-up request of ${formatMoney(r.request.amount, currency)} sent. An operator credits it when your payment is confirmed.`,
      });
      form.reset();
      router.refresh();
    } catch (err) {
      showServerError(err, (fields) => setErrors(fields as Errors), (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={sandbox ? 'Add test credit' : 'Request a top-up'}>
      <p className="text-sm text-slate-700">
        {sandbox
          ? 'Sandbox: test credit is added at once and recorded in the ledger. It has no monetary value.'
          : 'Live: your request is sent to an operator, who credits the wallet once your payment is confirmed.'}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Select label="Wallet" name="wallet" defaultValue="prepaid" error={errors.wallet}>
          <option value="prepaid">Prepaid</option>
          <option value="postpaid">Postpaid</option>
        </Select>
        <Field label={`Amount (${currency})`} name="amount" inputMode="decimal" autoComplete="off" required error={errors.amount} hint="Up to 4 decimals." />
        {!sandbox && <Field label="Payment reference" name="reference" autoComplete="off" error={errors.reference} hint="Optional: transfer or invoice number." />}
      </div>
      <Button type="submit" disabled={topUp.isPending}>
        {topUp.isPending ? 'Sending…' : sandbox ? 'Add test credit' : 'Request top-up'}
      </Button>
      <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
    </form>
  );
}
