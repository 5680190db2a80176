'use client';

import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { fieldErrorsOf, messageOf } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { AddOptOutsRequest, MAX_OPT_OUT_PHONES } from '@/shared/contracts/opt-outs';
import { phoneRefusalText } from '@/components/compose/problem-texts';

/** Developer or owner: put phones on the list by hand (source `dashboard`), one or more per line or comma-separated. */
export function AddOptOutsForm({ defaultCountry }: { defaultCountry: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const add = useMutation(trpc.optOuts.add.mutationOptions());
  const t = useTranslations('optOuts.add');
  const say = useFieldText();
  const tPhone = useTranslations('compose.phoneProblems');
  const locale = useLocale();
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const phones = String(data.get('phones') ?? '')
      .split(/[\n,;]+/)
      .map((p) => p.trim())
      .filter(Boolean);
    setDone(null);
    const parsed = AddOptOutsRequest.safeParse({ phones, reason: String(data.get('reason') ?? '') });
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((i) => say(i.message.replace(/^LIMIT: /, ''))));
      return;
    }
    setProblems([]);
    try {
      const r = await add.mutateAsync(parsed.data);
      setDone(t('added', { added: r.added, already: r.already }));
      form.reset();
      router.refresh();
    } catch (err) {
      // phones[3] -> the 4th phone typed, as the user sees it.
      const fields = Object.entries(fieldErrorsOf(err)).map(([f, m]) => {
        const i = /^phones\[(\d+)\]$/.exec(f);
        const phone = i ? phones[Number(i[1])] : undefined;
        return phone !== undefined ? t('phoneProblem', { phone, message: phoneRefusalText(tPhone, locale, phone, defaultCountry, m) }) : m;
      });
      setProblems(fields.length ? fields : [messageOf(err)]);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('label')}>
      {problems.length > 0 && (
        <Alert>
          <ul className="list-disc pl-4">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      )}
      {done && <Alert tone="success">{done}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="opt-out-phones" className="mb-1 block text-sm font-medium text-slate-800">
            {t('phones')}
          </label>
          <textarea
            id="opt-out-phones"
            name="phones"
            rows={3}
            aria-describedby="opt-out-phones-hint"
            className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm shadow-sm focus:outline-2 focus:outline-blue-600"
          />
          <p id="opt-out-phones-hint" className="mt-1 text-xs text-slate-600">
            {t('phonesHint', { max: MAX_OPT_OUT_PHONES })}
          </p>
        </div>
        <Field label={t('reason')} name="reason" maxLength={200} hint={t('reasonHint')} />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? t('pending') : t('submit')}
      </Button>
    </form>
  );
}
