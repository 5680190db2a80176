'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId } from 'react';
import { useTRPC } from '@/components/providers';
import { Field, Select } from '@/components/ui/field';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { UpdateOrganizationInput, type OrganizationView } from '@/shared/contracts/organization';
import { READ_ONLY, SettingsForm } from './settings-form';


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
  const router = useRouter();
  const update = useMutation(trpc.organization.update.mutationOptions());
  const listId = useId();
  const { errors, status, onSubmit } = useFormSubmit(
    (data) =>
      UpdateOrganizationInput.refine((v) => timeZones.includes(v.timezone), { path: ['timezone'], message: t('unknownZone') }).safeParse(Object.fromEntries(data)),
    (input) => update.mutateAsync(input),
    () => {
      router.refresh();
      return t('saved');
    },
  );

  return (
    <SettingsForm label={t('formLabel')} canEdit={canEdit} pending={update.isPending} submitLabel={t('submit')} pendingLabel={t('pending')} status={status} onSubmit={onSubmit}>
      <Field className={READ_ONLY} label={t('name')} name="name" defaultValue={org.name} required maxLength={100} error={errors.name} />
      <Field
        className={READ_ONLY}
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
      <Select className={READ_ONLY} label={t('defaultCountry')} name="defaultCountry" defaultValue={org.default_country} error={errors.defaultCountry} hint={t('defaultCountryHint')}>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name} ({c.code})
          </option>
        ))}
      </Select>
    </SettingsForm>
  );
}
