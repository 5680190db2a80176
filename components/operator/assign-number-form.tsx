'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { AssignNumberInput } from '@/server/contracts/numbers';
import { FormStatusLine, useOperatorForm } from './use-operator-form';

/**
 * Gives an app a number (D18). With a merchant chosen, its apps are a list; otherwise the app id is typed. The
 * number and keyword rules are the server's (server/domain/numbers/address.ts): its refusals show on the fields.
 */
export function AssignNumberForm({ apps }: { apps: { id: string; name: string }[] | null }) {
  const trpc = useTRPC();
  const router = useRouter();
  const assign = useMutation(trpc.operator.assignNumber.mutationOptions());
  const { errors, status, onSubmit } = useOperatorForm(
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
      return `${r.number}${r.keyword ? ` ${r.keyword}` : ''} assigned to ${r.app_name} (${r.organization_name}).`;
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Assign a number">
      <div className="grid gap-3 sm:grid-cols-3">
        {apps ? (
          <Select label="App" name="appId" defaultValue={apps[0]?.id ?? ''} error={errors.appId}>
            {apps.map((a) => <option key={a.id} value={a.id}>{a.name} ({a.id})</option>)}
          </Select>
        ) : (
          <Field label="App id" name="appId" autoComplete="off" placeholder="app_…" error={errors.appId} hint="Or choose a merchant above to pick one of its apps." />
        )}
        <Field
          label="Number or short code"
          name="number"
          inputMode="numeric"
          autoComplete="off"
          placeholder="4321"
          error={errors.number}
          hint="8-15 digits without + (dedicated), or 3-7 (short code)."
        />
        <Field
          label="Keyword"
          name="keyword"
          autoComplete="off"
          placeholder="SHOP"
          error={errors.keyword}
          hint="Short codes only; empty: the short code's catch-all. Case and accents do not count."
        />
      </div>
      <Button type="submit" disabled={assign.isPending || apps?.length === 0}>{assign.isPending ? 'Assigning…' : 'Assign'}</Button>
      <FormStatusLine status={status} />
    </form>
  );
}
