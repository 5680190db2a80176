'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field, TextArea } from '@/components/ui/field';
import { fieldErrorsOf, messageOf } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { CreateSenderIdRequest } from '@/shared/contracts/sender-ids';

/** Developer or owner: ask for a sender ID (D22); it stays pending until an operator decides. */
export function RequestSenderIdForm() {
  const trpc = useTRPC();
  const t = useTranslations('senderIds.form');
  const say = useFieldText();
  const router = useRouter();
  const request = useMutation(trpc.senderIds.request.mutationOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    setDone(null);
    setProblem(null);
    const parsed = CreateSenderIdRequest.safeParse({
      sender_id: String(data.get('sender_id') ?? ''),
      purpose: String(data.get('purpose') ?? ''),
      sample_message: String(data.get('sample_message') ?? ''),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), say(i.message)])));
      return;
    }
    setErrors({});
    try {
      const r = await request.mutateAsync(parsed.data);
      setDone(t('requested', { senderId: r.sender_id }));
      form.reset();
      router.refresh();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setProblem(messageOf(err));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('formLabel')}>
      {problem && <Alert>{problem}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <Field label={t('senderId')} name="sender_id" maxLength={11} error={errors.sender_id} hint={t('senderIdHint')} />
      <Field label={t('purpose')} name="purpose" error={errors.purpose} hint={t('purposeHint')} />
      <TextArea label={t('sample')} name="sample_message" rows={3} error={errors.sample_message} hint={t('sampleHint')} />
      <Button type="submit" disabled={request.isPending}>
        {t('submit')}
      </Button>
    </form>
  );
}
