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
import { ChangePasswordInput } from '@/server/contracts/auth';

type Errors = Partial<Record<keyof ChangePasswordInput, string>>;

/**
 * The signed-in user's own password: the current one, then the new one
 * (checked here, then on the server). The change ends every session of the
 * user, this one too, so the form signs in again with the new password (a
 * fresh session), then goes to `then` if given.
 */
export function PasswordForm({ email, then }: { email: string; then?: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const t = useTranslations('password');
  const say = useFieldText();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const form = e.currentTarget;
    const parsed = ChangePasswordInput.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], say(i.message)])) as Errors);
      return;
    }
    setErrors({});
    try {
      await change.mutateAsync(parsed.data);
      form.reset();
      const again = await signIn('credentials', { email, password: parsed.data.newPassword, redirect: false });
      if (!again || again.error) {
        setStatus({ tone: 'error', text: t('signInAgainFailed') });
        return;
      }
      if (then) {
        router.push(then);
        router.refresh();
        return;
      }
      setStatus({ tone: 'success', text: t('changed') });
    } catch (err) {
      showServerError(err, (fields) => setErrors(fields as Errors), (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4" aria-label={t('formLabel')}>
      <Field label={t('current')} name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <Field label={t('new')} name="newPassword" type="password" autoComplete="new-password" required minLength={10} error={errors.newPassword} hint={t('newHint')} />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t('pending') : t('submit')}
      </Button>
      <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
    </form>
  );
}
