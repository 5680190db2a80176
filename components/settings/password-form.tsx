'use client';

import { useMutation } from '@tanstack/react-query';
import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormStatusLine, useFormSubmit } from '@/components/ui/use-form-submit';
import { ChangePasswordInput } from '@/shared/contracts/auth';

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
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const { errors, status, onSubmit } = useFormSubmit(
    (data) => ChangePasswordInput.safeParse(Object.fromEntries(data)),
    (input) => change.mutateAsync(input).then(() => input.newPassword),
    async (password, form) => {
      form.reset();
      const again = await signIn('credentials', { email, password, redirect: false });
      if (!again || again.error) return { tone: 'error', text: t('signInAgainFailed') };
      if (!then) return t('changed');
      router.push(then);
      router.refresh();
      return null;
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4" aria-label={t('formLabel')}>
      <Field label={t('current')} name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <Field label={t('new')} name="newPassword" type="password" autoComplete="new-password" required minLength={10} error={errors.newPassword} hint={t('newHint')} />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t('pending') : t('submit')}
      </Button>
      <FormStatusLine status={status} />
    </form>
  );
}
