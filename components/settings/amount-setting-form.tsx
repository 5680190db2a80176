'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { UpdateComposeConfirmInput, UpdateLowBalanceThresholdInput } from '@/shared/contracts/organization';
import { SettingsForm } from './settings-form';

/**
 * The organization's amounts, in its currency. `lowBalance` (issue 44): the low-balance alert threshold, empty for
 * off. `composeConfirm`: the total above which Compose asks to confirm a send (it also asks above half the balance).
 */
const SETTINGS = {
  lowBalance: {
    name: 'low_balance_threshold',
    field: 'threshold',
    intro: true,
    fieldsetClassName: 'space-y-4',
    parse: (value: string) => UpdateLowBalanceThresholdInput.safeParse({ threshold: value === '' ? null : value }),
  },
  composeConfirm: {
    name: 'compose_confirm_amount',
    field: 'amount',
    intro: false,
    fieldsetClassName: 'max-w-xs space-y-4',
    parse: (value: string) => UpdateComposeConfirmInput.safeParse({ amount: value }),
  },
} as const;

/** One amount setting: owners change it (audited); everyone else sees it. */
export function AmountSettingForm({ setting, amount, currency, canEdit }: { setting: keyof typeof SETTINGS; amount: number | null; currency: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const t = useTranslations(`settings.${setting}`);
  const router = useRouter();
  const lowBalance = useMutation(trpc.organization.updateLowBalanceThreshold.mutationOptions());
  const composeConfirm = useMutation(trpc.organization.updateComposeConfirm.mutationOptions());
  const s = SETTINGS[setting];
  const [value, setValue] = useState(amount === null ? '' : String(amount));
  const { errors, status, onSubmit } = useFormSubmit<UpdateLowBalanceThresholdInput | UpdateComposeConfirmInput, unknown>(
    () => s.parse(value.trim()),
    (input) => ('threshold' in input ? lowBalance.mutateAsync(input) : composeConfirm.mutateAsync(input)),
    () => {
      router.refresh();
      return t('saved');
    },
  );

  return (
    <SettingsForm
      label={t('formLabel')}
      intro={s.intro ? t('intro') : undefined}
      canEdit={canEdit}
      pending={lowBalance.isPending || composeConfirm.isPending}
      submitLabel={t('submit')}
      pendingLabel={t('pending')}
      status={status}
      onSubmit={onSubmit}
      fieldsetClassName={s.fieldsetClassName}
    >
      <Field label={t('label', { currency })} name={s.name} inputMode="decimal" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} error={errors[s.field]} hint={t('hint')} />
    </SettingsForm>
  );
}
