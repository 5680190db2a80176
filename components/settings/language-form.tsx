'use client';

import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Select } from '@/components/ui/field';
import { messageOf } from '@/components/ui/form-errors';
import { LOCALES } from '@/shared/i18n/locales';
import { UpdateLocaleInput } from '@/shared/contracts/auth';

/** The signed-in user's dashboard language (D23), kept on the user; the page then renders again in it. */
export function LanguageForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const t = useTranslations('language');
  const locale = useLocale();
  const update = useMutation(trpc.auth.updateLocale.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const parsed = UpdateLocaleInput.safeParse({ locale: new FormData(e.currentTarget).get('locale') });
    if (!parsed.success) return;
    try {
      await update.mutateAsync(parsed.data);
      router.refresh();
    } catch (err) {
      setError(messageOf(err));
    }
  }

  return (
    <form onSubmit={onSubmit} className="max-w-md space-y-3" aria-label={t('formLabel')}>
      <Select label={t('label')} name="locale" defaultValue={locale} hint={t('hint')}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(l)}
          </option>
        ))}
      </Select>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? t('pending') : t('submit')}
      </Button>
      {error && <Alert>{error}</Alert>}
    </form>
  );
}
