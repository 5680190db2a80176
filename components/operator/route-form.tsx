'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field, Select } from '@/components/ui/field';
import { fieldErrorsOf, messageOf } from '@/components/ui/form-errors';
import { SetRouteInput } from '@/server/contracts/connectors';

/** Sets the route of a prefix (replacing it): the platform's or one merchant's, connectors in failover order. */
export function RouteForm({ merchants }: { merchants: { id: string; name: string }[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const set = useMutation(trpc.operator.setRoute.mutationOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const form = new FormData(e.currentTarget);
    const org = String(form.get('organizationId') ?? '');
    const parsed = SetRouteInput.safeParse({
      prefix: String(form.get('prefix') ?? ''),
      organizationId: org === '' ? undefined : org,
      connectors: String(form.get('connectors') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues) found[String(i.path[0])] ??= i.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const r = await set.mutateAsync(parsed.data);
      setStatus({ tone: 'success', text: `Route ${r.prefix} → ${r.connectors.join(', ')} saved.` });
      router.refresh();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) setErrors(fields);
      else setStatus({ tone: 'error', text: messageOf(err) });
    }
  }

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
      <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
    </form>
  );
}
