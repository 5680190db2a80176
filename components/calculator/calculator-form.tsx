'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { messageOf } from '@/components/ui/form-errors';
import { useFormat } from '@/components/ui/format';
import { useFieldText } from '@/components/ui/field-texts';
import { CalculateRequest, MAX_CALCULATOR_VALUE, type CalculateResult } from '@/shared/contracts/calculate';

type Mode = 'amount_to_sms' | 'sms_to_amount';

/**
 * Amount <-> SMS count, answered by the server with POST /calculate's own code
 * (the same contract validates here first).
 */
export function CalculatorForm({ currency }: { currency: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('amount_to_sms');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<CalculateResult | null>(null);
  const [pending, setPending] = useState(false);
  const name = useId();
  const t = useTranslations('calculator.form');
  const say = useFieldText();
  const f = useFormat();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFormError(null);
    const raw = String(new FormData(e.currentTarget).get('value') ?? '').trim();
    const value = raw === '' ? undefined : Number(raw);
    const input = mode === 'amount_to_sms' ? { mode, amount: value } : { mode, sms_count: value };
    const parsed = CalculateRequest.safeParse(input);
    if (!parsed.success || (value !== undefined && Number.isNaN(value))) {
      setError(parsed.success ? t('enterNumber') : say(parsed.error.issues[0].message));
      return;
    }
    setError(null);
    setPending(true);
    try {
      setResult(await queryClient.fetchQuery(trpc.pricing.estimate.queryOptions(parsed.data)));
    } catch (err) {
      setResult(null);
      setFormError(messageOf(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('label')}>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('direction')}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(
              [
                ['amount_to_sms', t('amountToSms', { currency })],
                ['sms_to_amount', t('smsToAmount', { currency })],
              ] as const
            ).map(([m, label]) => (
              <label key={m} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={name}
                  value={m}
                  checked={mode === m}
                  onChange={() => {
                    setMode(m);
                    setResult(null);
                    setError(null);
                  }}
                  className="h-4 w-4"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-[14rem]">
            <Field
              key={mode}
              label={mode === 'amount_to_sms' ? t('amount', { currency }) : t('smsCount')}
              name="value"
              inputMode={mode === 'amount_to_sms' ? 'decimal' : 'numeric'}
              autoComplete="off"
              required
              error={error}
              hint={t('hint', { max: MAX_CALCULATOR_VALUE })}
            />
          </div>
          <Button type="submit" disabled={pending}>
            {pending ? t('pending') : t('submit')}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {formError && <Alert>{formError}</Alert>}
        {result && (
          <div className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-950" data-testid="calculator-result">
            <p className="text-lg font-semibold">
              {result.mode === 'amount_to_sms'
                ? t('buys', { amount: f.money(result.amount, result.currency), count: result.sms_count })
                : t('costs', { amount: f.money(result.amount, result.currency), count: result.sms_count })}
            </p>
            <p className="mt-1 font-mono text-sm">
              {result.mode === 'amount_to_sms'
                ? `floor(${result.amount} ÷ ${result.average_price}) = ${result.sms_count}`
                : `round(${result.sms_count} × ${result.average_price}, 2) = ${result.amount}`}
            </p>
            <p className="mt-1 text-sm">{t('average', { price: f.money(result.average_price, result.currency) })}</p>
          </div>
        )}
      </div>
    </div>
  );
}
