'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { Select } from '@/components/ui/field';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { UpdateSmartEncodingInput } from '@/shared/contracts/organization';
import type { SmartEncodingMode } from '@/shared/messages/smart-encoding';
import { SettingsForm } from './settings-form';

const MODES: SmartEncodingMode[] = ['off', 'lookalikes', 'transliterate'];

/**
 * D21: how the organization's sends that do not name a smart encoding go (API sends without `smart_encoding`, and
 * Compose's first choice). Owners change it (audited); everyone else sees it.
 */
export function SmartEncodingForm({ mode, canEdit }: { mode: SmartEncodingMode; canEdit: boolean }) {
  const trpc = useTRPC();
  const t = useTranslations('settings.smartEncoding');
  const router = useRouter();
  const update = useMutation(trpc.organization.updateSmartEncoding.mutationOptions());
  const [value, setValue] = useState<SmartEncodingMode>(mode);
  const { status, onSubmit } = useFormSubmit(
    () => UpdateSmartEncodingInput.safeParse({ smartEncoding: value }),
    (input) => update.mutateAsync(input),
    () => {
      router.refresh();
      return t('saved');
    },
  );

  return (
    <SettingsForm label={t('formLabel')} intro={t('intro')} canEdit={canEdit} pending={update.isPending} submitLabel={t('submit')} pendingLabel={t('pending')} status={status} onSubmit={onSubmit}>
      <Select label={t('label')} name="smart_encoding" value={value} onChange={(e) => setValue(e.target.value as SmartEncodingMode)} hint={t('hint')}>
        {MODES.map((m) => (
          <option key={m} value={m}>
            {t(`modes.${m}`)}
          </option>
        ))}
      </Select>
    </SettingsForm>
  );
}
