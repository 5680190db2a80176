'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { SetRouteInput } from '@/server/contracts/connectors';
import { FormStatusLine, useOperatorForm } from './use-operator-form';

/** Sets the route of a prefix (replacing it): the platform's or one merchant's, connectors in failover order. */
export function RouteForm({ merchants }: { merchants: { id: string; name: string }[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const set = useMutation(trpc.operator.setRoute.mutationOptions());
  const { errors, status, onSubmit } = useOperatorForm(
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
      return `Route ${r.prefix} → ${r.connectors.join(', ')} saved.`;
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Set a route">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Prefix" name="prefix" inputMode="numeric" autoComplete="off" placeholder="24381" error={errors.prefix} />
        <Select label="For" name="organizationId" defaultValue="" error={errors.organizationId}>
          <option value="">the platform (every merchant)</option>
          {merchants.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
        </Select>
        <Field label="Connectors, in failover order" name="connectors" autoComplete="off" placeholder="mno-a, mno-b" error={errors.connectors} />
      </div>
      <Button type="submit" disabled={set.isPending}>{set.isPending ? 'Saving…' : 'Set route'}</Button>
      <FormStatusLine status={status} />
    </form>
  );
}
