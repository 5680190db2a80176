'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field, Select } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { UpdateOrganizationInput, type OrganizationView } from '@/server/contracts/organization';

/** Read-only (viewer) fields look read-only, not just refuse input. */
const DISABLED = 'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700';

type Errors = Partial<Record<keyof UpdateOrganizationInput, string>>;

/**
 * Name, time zone (a searchable list: type to filter the IANA zones) and
 * default country. Owners edit; everyone else sees the values.
 */
export function OrganizationForm({
  org,
  timeZones,
  countries,
  canEdit,
}: {
  org: OrganizationView;
  timeZones: string[];
  countries: Array<{ code: string; name: string }>;
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const t = useTranslations('settings.organizationForm');
  const say = useFieldText();
  const router = useRouter();
  const update = useMutation(trpc.organization.update.mutationOptions());
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const listId = useId();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    const parsed = UpdateOrganizationInput.safeParse(data);
    const unknownZone = parsed.success && !timeZones.includes(parsed.data.timezone) ? t('unknownZone') : null;
    if (!parsed.success || unknownZone) {
      setErrors(parsed.success ? { timezone: unknownZone! } : (Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], say(i.message)])) as Errors));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      setStatus({ tone: 'success', text: t('saved') });
      router.refresh();
    } catch (err) {
      showServerError(err, (fields) => setErrors(fields as Errors), (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('formLabel')}>
      <fieldset disabled={!canEdit} className="space-y-4">
        <Field className={DISABLED} label={t('name')} name="name" defaultValue={org.name} required maxLength={100} error={errors.name} />
        <Field
          className={DISABLED}
          label={t('timeZone')}
          name="timezone"
          list={listId}
          defaultValue={org.timezone}
          required
          autoComplete="off"
          spellCheck={false}
          error={errors.timezone}
          hint={t('timeZoneHint')}
        />
        <datalist id={listId}>
          {timeZones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <Select className={DISABLED} label={t('defaultCountry')} name="defaultCountry" defaultValue={org.default_country} error={errors.defaultCountry} hint={t('defaultCountryHint')}>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.code})
            </option>
          ))}
        </Select>
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('pending') : t('submit')}
          </Button>
        )}
      </fieldset>
      <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
    </form>
  );
}
