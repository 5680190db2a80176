'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { AssignNumberInput } from '@/shared/contracts/numbers';
import { FormStatusLine, useFormSubmit } from '@/components/ui/use-form-submit';

/**
 * Gives an app a number (D18). With a merchant chosen, its apps are a list; otherwise the app id is typed. The
 * number and keyword rules are the server's (server/domain/numbers/address.ts): its refusals show on the fields.
 */
export function AssignNumberForm({ apps }: { apps: { id: string; name: string }[] | null }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.numbers.form');
  const router = useRouter();
  const assign = useMutation(trpc.operator.assignNumber.mutationOptions());
  const { errors, status, onSubmit } = useFormSubmit(
    (data) =>
      AssignNumberInput.safeParse({
        appId: String(data.get('appId') ?? ''),
        number: String(data.get('number') ?? ''),
        keyword: String(data.get('keyword') ?? ''),
      }),
    (input) => assign.mutateAsync(input),
    (r, form) => {
      form.reset();
      router.refresh();
      return t('assigned', { number: r.keyword ? `${r.number} ${r.keyword}` : r.number, app: r.app_name, merchant: r.organization_name });
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('formLabel')}>
      <div className="grid gap-3 sm:grid-cols-3">
        {apps ? (
          <Select label={t('app')} name="appId" defaultValue={apps[0]?.id ?? ''} error={errors.appId}>
            {apps.map((a) => <option key={a.id} value={a.id}>{a.name} ({a.id})</option>)}
          </Select>
        ) : (
          <Field label={t('appId')} name="appId" autoComplete="off" placeholder={t('appIdPlaceholder')} error={errors.appId} hint={t('appIdHint')} />
        )}
        <Field
          label={t('number')}
          name="number"
          inputMode="numeric"
          autoComplete="off"
          placeholder="4321"
          error={errors.number}
          hint={t('numberHint')}
        />
        <Field
          label={t('keyword')}
          name="keyword"
          autoComplete="off"
          placeholder={t('keywordPlaceholder')}
          error={errors.keyword}
          hint={t('keywordHint')}
        />
      </div>
      <Button type="submit" disabled={assign.isPending || apps?.length === 0}>{assign.isPending ? t('pending') : t('submit')}</Button>
      <FormStatusLine status={status} />
    </form>
  );
}
