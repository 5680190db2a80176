'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field, Select } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { AddMemberInput, type RoleValue } from '@/shared/contracts/organization';

type Errors = Partial<Record<keyof AddMemberInput, string>>;

/** The roles offered, from least to most power. */
const ROLE_CHOICES: RoleValue[] = ['viewer', 'developer', 'owner'];

/** Owner: add a person by email. A new account's one-time password is shown here once. */
export function AddMemberForm() {
  const trpc = useTRPC();
  const t = useTranslations('settings.addMember');
  const say = useFieldText();
  const tRole = useTranslations('roles');
  const router = useRouter();
  const add = useMutation(trpc.organization.addMember.mutationOptions());
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<{ email: string; role: RoleValue; password: string | null } | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (added) notice.current?.focus();
  }, [added]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setFormError(null);
    const parsed = AddMemberInput.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], say(i.message)])) as Errors);
      return;
    }
    setErrors({});
    try {
      const r = await add.mutateAsync(parsed.data);
      setAdded({ email: r.member.email, role: r.member.role, password: r.one_time_password });
      form.reset();
      router.refresh();
    } catch (err) {
      showServerError(err, (fields) => setErrors(fields as Errors), setFormError);
    }
  }

  return (
    <div className="space-y-4">
      {added && (
        <div ref={notice} tabIndex={-1} className="focus:outline-none">
          {added.password ? (
            <Alert tone="warning">
              <p>{t.rich('created', { email: added.email, role: tRole(added.role), strong: (chunks) => <strong>{chunks}</strong> })}</p>
              <label className="mt-2 block text-sm font-medium" htmlFor="one-time-password">
                {t('oneTimePassword')}
              </label>
              <input
                id="one-time-password"
                readOnly
                value={added.password}
                onFocus={(e) => e.currentTarget.select()}
                className="mt-1 block w-full max-w-xs rounded-md border border-amber-400 bg-white px-3 py-2 font-mono text-sm"
              />
            </Alert>
          ) : (
            <Alert tone="success">
              {t('existing', { email: added.email, role: tRole(added.role) })}
            </Alert>
          )}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('formLabel')}>
        {formError && <Alert>{formError}</Alert>}
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t('email')} name="email" type="email" autoComplete="off" required error={errors.email} />
          <Field label={t('name')} name="name" autoComplete="off" error={errors.name} hint={t('nameHint')} />
          <Select label={t('role')} name="role" defaultValue="developer" error={errors.role}>
            {ROLE_CHOICES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('pending') : t('submit')}
        </Button>
      </form>
    </div>
  );
}
