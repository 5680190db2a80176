'use client';

import { useTranslations } from 'next-intl';
import type { ComposeOptions } from '@/shared/contracts/compose';
import { Alert } from '@/components/ui/card';
import { Select } from '@/components/ui/field';
import { linkTo, strong } from '@/components/ui/rich-text';

/** The app the send goes as (its key is charged and named on the message); without one, where to get one. */
export function AppChoice({ options, appId, onAppId, errors }: { options: ComposeOptions; appId: string; onAppId: (id: string) => void; errors?: string[] }) {
  const t = useTranslations('compose.form');
  return (
    <div id="app">
      {options.apps.length > 0 ? (
        <Select label={t('sendAs')} value={appId} onChange={(e) => onAppId(e.target.value)} error={errors?.join(' ')} hint={t('sendAsHint')}>
          {options.apps.map((a) => (
            <option key={a.app_id} value={a.app_id}>
              {a.name} ({a.key_hint})
            </option>
          ))}
        </Select>
      ) : (
        <Alert tone="warning">
          {t.rich('noApp', { blocked: options.blocked_apps > 0 ? t('blockedApps', { count: options.blocked_apps }) : '', strong, link: linkTo('/dashboard/keys') })}
        </Alert>
      )}
    </div>
  );
}
