'use client';

import { useMutation } from '@tanstack/react-query';
import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { SignUpInput } from '@/shared/contracts/auth';

type Errors = Partial<Record<keyof SignUpInput, string>>;

export function SignUpForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const t = useTranslations('auth.signUp');
  const say = useFieldText();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFormError(null);
    const values = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    const parsed = SignUpInput.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], say(i.message)])) as Errors);
      return;
    }
    setErrors({});
    try {
      await signUp.mutateAsync(parsed.data);
      const res = await signIn('credentials', { email: parsed.data.email, password: parsed.data.password, redirect: false });
      if (res?.error) throw new Error(t('signInFailed'));
      router.push('/dashboard');
      router.refresh();
    } catch (err) {
      showServerError(err, (fields) => setErrors(fields as Errors), setFormError);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
      <Field label={t('name')} name="name" autoComplete="name" required error={errors.name} />
      <Field label={t('email')} name="email" type="email" autoComplete="email" required error={errors.email} />
      <Field label={t('password')} name="password" type="password" autoComplete="new-password" required hint={t('passwordHint')} error={errors.password} />
      <Field label={t('organization')} name="organizationName" autoComplete="organization" required error={errors.organizationName} />
      <Button type="submit" disabled={signUp.isPending} className="w-full">
        {signUp.isPending ? t('pending') : t('submit')}
      </Button>
    </form>
  );
}
