'use client';

import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormStatusLine, type FormStatus } from '@/components/ui/use-form-submit';

/** Read-only (viewer) fields look read-only, not just refuse input. */
export const READ_ONLY = 'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700';

/**
 * A Settings form: what it is about, its fields (read-only for those who may not edit: they see the values), the save
 * button for those who may, and where the outcome is announced.
 */
export function SettingsForm({
  label,
  intro,
  canEdit,
  pending,
  submitLabel,
  pendingLabel,
  status,
  onSubmit,
  fieldsetClassName = 'space-y-4',
  children,
}: {
  label: string;
  intro?: ReactNode;
  canEdit: boolean;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  status: FormStatus;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  fieldsetClassName?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={label}>
      {intro && <p className="text-sm text-slate-600">{intro}</p>}
      <fieldset disabled={!canEdit} className={fieldsetClassName}>
        {children}
        {canEdit && (
          <Button type="submit" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        )}
      </fieldset>
      <FormStatusLine status={status} />
    </form>
  );
}
