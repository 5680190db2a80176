'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { UpdateWebhookInput, type AppView } from '@/shared/contracts/keys';

/** Read-only (viewer) fields look read-only, not just refuse input. */
const DISABLED = 'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700';

type Errors = Partial<Record<'url' | 'username' | 'password' | 'inboundUrl', string>>;

/**
 * Webhook URL and Basic credentials. The password field is always empty: the
 * stored password is never sent to the browser, only whether one is set.
 * Typing one replaces it; the checkbox removes it; leaving both keeps it.
 * Credentials follow the origin (server/domain/keys/update-webhook.ts): a URL
 * on another site drops the stored password unless a new one is typed, and
 * only owners set a password or keep one while changing the webhook.
 * The inbound URL (D18) is saved with them, under the same URL rules.
 */
export function WebhookForm({
  app,
  environment,
  readOnly,
  ownsCredentials,
}: {
  app: AppView;
  environment: 'test' | 'live';
  readOnly: boolean;
  ownsCredentials: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const save = useMutation(trpc.keys.updateWebhook.mutationOptions());
  const t = useTranslations('keys.webhook');
  const say = useFieldText();
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const clearId = useId();
  const { url, username, password_set } = app.webhook;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const form = e.currentTarget;
    const data = new FormData(form);
    const password = String(data.get('password') ?? '');
    const input = {
      appId: app.id,
      url: String(data.get('url') ?? ''),
      username: String(data.get('username') ?? ''),
      passwordAction: data.get('clearPassword') ? ('clear' as const) : password ? ('replace' as const) : ('keep' as const),
      password: password || undefined,
      inboundUrl: String(data.get('inboundUrl') ?? ''),
    };
    const parsed = UpdateWebhookInput.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], say(i.message)])) as Errors);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(parsed.data);
      (form.elements.namedItem('password') as HTMLInputElement).value = '';
      const dropped = password_set && parsed.data.passwordAction === 'keep' && parsed.data.url !== '' && !saved.webhook.password_set;
      setStatus({
        tone: 'success',
        text: !parsed.data.url ? (parsed.data.inboundUrl ? t('inboundSaved') : t('removed')) : dropped ? t('savedDropped') : t('saved'),
      });
      router.refresh();
    } catch (err) {
      showServerError(err, (fields) => setErrors(fields as Errors), (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('label', { appName: app.name })}>
      <fieldset disabled={readOnly} className="space-y-3">
        <Field
          className={DISABLED}
          label={t('url')}
          name="url"
          type="url"
          inputMode="url"
          defaultValue={url ?? ''}
          placeholder={t('urlPlaceholder')}
          error={errors.url}
          hint={environment === 'live' ? t('urlHintLive') : t('urlHintTest')}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field className={DISABLED} label={t('username')} name="username" autoComplete="off" defaultValue={username ?? ''} error={errors.username} />
          <Field
            className={DISABLED}
            label={t('password')}
            name="password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
            disabled={!ownsCredentials}
            placeholder={password_set && ownsCredentials ? t('keepPlaceholder') : ''}
            hint={
              !ownsCredentials ? (password_set ? t('ownersOnlySet') : t('ownersOnly')) : password_set ? t('passwordSet') : t('notSet')
            }
          />
        </div>
        {password_set && (
          <div className="flex items-center gap-2">
            <input id={clearId} type="checkbox" name="clearPassword" className="h-4 w-4" />
            <label htmlFor={clearId} className="text-sm text-slate-800">
              {t('removePassword')}
            </label>
          </div>
        )}
        <Field
          className={DISABLED}
          label={t('inboundUrl')}
          name="inboundUrl"
          type="url"
          inputMode="url"
          defaultValue={app.inbound_url ?? ''}
          placeholder={t('inboundPlaceholder')}
          error={errors.inboundUrl}
          hint={t('inboundHint')}
        />
        {!readOnly && (
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {save.isPending ? t('pending') : t('submit')}
          </Button>
        )}
      </fieldset>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
    </form>
  );
}
