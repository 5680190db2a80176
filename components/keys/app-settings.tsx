import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import type { AppView } from '@/shared/contracts/keys';
import type { NumberItem } from '@/shared/contracts/numbers';
import { AppNumbers } from './app-numbers';
import { KeyStatusBadge } from './key-status-badge';
import { RegenerateKey } from './regenerate-key';
import { RotateSigningSecret } from './rotate-signing-secret';
import { SmppAccess } from './smpp-access';
import { TestEvent } from './test-event';
import { WebhookForm } from './webhook-form';

/** The statuses that stop a key, each explained (keys.settings.statusHelp). */
const BLOCKED = new Set<AppView['status']>(['pending_validation', 'suspended', 'revoqued', 'locked', 'expired', 'rejected']);

/** One app: its key (masked), regenerate, webhook settings and the test event, its numbers (D18), SMPP access. */
export function AppSettings({
  app,
  environment,
  canWrite,
  isOwner,
  timeZone,
  numbers,
}: {
  app: AppView;
  environment: 'test' | 'live';
  canWrite: boolean;
  isOwner: boolean;
  timeZone: string;
  numbers: NumberItem[];
}) {
  const t = useTranslations('keys.settings');
  const f = useFormat();
  return (
    <div id={`app-${app.id}`} className="scroll-mt-4">
      <Card title={app.name} actions={<KeyStatusBadge status={app.status} />}>
        <div className="space-y-6">
          <section aria-label={t('keyOf', { appName: app.name })} className="space-y-2">
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-slate-600">{t('key')}</dt>
              <dd className="font-mono">{app.masked_key}</dd>
              <dt className="text-slate-600">{t('keyCreated')}</dt>
              <dd>{f.dateTime(app.key_created_at, timeZone)}</dd>
              <dt className="text-slate-600">{t('appId')}</dt>
              <dd className="font-mono">{app.id}</dd>
            </dl>
            {BLOCKED.has(app.status) && <p className="text-sm text-slate-700">{t(`statusHelp.${app.status as 'suspended'}`)}</p>}
            {canWrite && <RegenerateKey appId={app.id} appName={app.name} maskedKey={app.masked_key} />}
          </section>
          <section aria-labelledby={`wh-${app.id}`} className="space-y-3 border-t border-slate-200 pt-4">
            <h3 id={`wh-${app.id}`} className="font-semibold">
              {t('webhook')}
            </h3>
            <WebhookForm app={app} environment={environment} readOnly={!canWrite} ownsCredentials={isOwner} />
            {canWrite && <TestEvent appId={app.id} hasWebhook={Boolean(app.webhook.url)} />}
            {canWrite && <RotateSigningSecret appId={app.id} appName={app.name} />}
          </section>
          <section aria-labelledby={`num-${app.id}`} className="space-y-3 border-t border-slate-200 pt-4">
            <h3 id={`num-${app.id}`} className="font-semibold">
              {t('numbers')}
            </h3>
            <AppNumbers appName={app.name} numbers={numbers} />
          </section>
          <section aria-labelledby={`smpp-${app.id}`} className="space-y-3 border-t border-slate-200 pt-4">
            <h3 id={`smpp-${app.id}`} className="font-semibold">
              {t('smpp')}
            </h3>
            <SmppAccess app={app} canWrite={canWrite} />
          </section>
        </div>
      </Card>
    </div>
  );
}
