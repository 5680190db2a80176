'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { SetRouteInput } from '@/shared/contracts/connectors';
import { FormStatusLine, useFormSubmit } from '@/components/ui/use-form-submit';

/** Sets the route of a prefix (replacing it): the platform's or one merchant's, connectors in failover order. */
export function RouteForm({ merchants }: { merchants: { id: string; name: string }[] }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.routeForm');
  const router = useRouter();
  const set = useMutation(trpc.operator.setRoute.mutationOptions());
  const { errors, status, onSubmit } = useFormSubmit(
    (form) => {
      const org = String(form.get('organizationId') ?? '');
      return SetRouteInput.safeParse({
        prefix: String(form.get('prefix') ?? ''),
        organizationId: org === '' ? undefined : org,
        connectors: String(form.get('connectors') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
      });
    },
    (input) => set.mutateAsync(input),
    (r) => {
      router.refresh();
      return t('saved', { prefix: r.prefix, connectors: r.connectors.join(', ') });
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('formLabel')}>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t('prefix')} name="prefix" inputMode="numeric" autoComplete="off" placeholder="24381" error={errors.prefix} />
        <Select label={t('for')} name="organizationId" defaultValue="" error={errors.organizationId}>
          <option value="">{t('platform')}</option>
          {merchants.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
        </Select>
        <Field label={t('connectors')} name="connectors" autoComplete="off" placeholder={t('connectorsPlaceholder')} error={errors.connectors} />
      </div>
      <Button type="submit" disabled={set.isPending}>{set.isPending ? t('pending') : t('submit')}</Button>
      <FormStatusLine status={status} />
    </form>
  );
}
