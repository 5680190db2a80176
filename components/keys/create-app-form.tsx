'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { fieldErrorsOf, messageOf } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { CreateAppInput } from '@/shared/contracts/keys';
import { OneTimeKey } from './one-time-key';

export function CreateAppForm({ environment }: { environment: 'test' | 'live' }) {
  const trpc = useTRPC();
  const router = useRouter();
  const t = useTranslations('keys.create');
  const say = useFieldText();
  const create = useMutation(trpc.keys.create.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [shown, setShown] = useState<{ appName: string; apiKey: string; signingSecret: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setFormError(null);
    const parsed = CreateAppInput.safeParse({ name: new FormData(form).get('name') });
    if (!parsed.success) {
      setError(say(parsed.error.issues[0].message));
      return;
    }
    setError(null);
    try {
      const r = await create.mutateAsync(parsed.data);
      setShown({ appName: r.app.name, apiKey: r.api_key, signingSecret: r.signing_secret });
      form.reset();
      router.refresh();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.name) setError(fields.name);
      else setFormError(messageOf(err));
    }
  }

  return (
    <div className="space-y-4">
      {shown && <OneTimeKey appName={shown.appName} apiKey={shown.apiKey} signingSecret={shown.signingSecret} onDone={() => setShown(null)} />}
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('formLabel')}>
        {formError && <Alert>{formError}</Alert>}
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-[16rem] flex-1">
            <Field
              label={t('name')}
              name="name"
              required
              maxLength={80}
              error={error}
              hint={
                environment === 'test' ? t('hintTest') : t('hintLive')
              }
            />
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('pending') : t('submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
