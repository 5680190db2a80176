import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/components/ui/format';
import type { AppView } from '@/server/contracts/keys';
import type { NumberItem } from '@/server/contracts/numbers';
import { AppNumbers } from './app-numbers';
import { KeyStatusBadge } from './key-status-badge';
import { RegenerateKey } from './regenerate-key';
import { RotateSigningSecret } from './rotate-signing-secret';
import { SmppAccess } from './smpp-access';
import { TestEvent } from './test-event';
import { WebhookForm } from './webhook-form';

const STATUS_HELP: Partial<Record<AppView['status'], string>> = {
  pending_validation: 'An operator validates live keys before they work; requests get 403 until then.',
  suspended: 'An operator suspended this key: requests get 403. Contact support.',
  revoqued: 'This key was revoked: requests get 403. Contact support.',
  locked: 'This key is locked: requests get 403. Contact support.',
  expired: 'This key has expired: requests get 403. Contact support.',
  rejected: 'This key was rejected: requests get 403. Contact support.',
};

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
  return (
    <div id={`app-${app.id}`} className="scroll-mt-4">
      <Card title={app.name} actions={<KeyStatusBadge status={app.status} />}>
        <div className="space-y-6">
          <section aria-label={`Key of ${app.name}`} className="space-y-2">
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-slate-600">Key</dt>
              <dd className="font-mono">{app.masked_key}</dd>
              <dt className="text-slate-600">Key created</dt>
              <dd>{formatDateTime(app.key_created_at, timeZone)}</dd>
              <dt className="text-slate-600">App id</dt>
              <dd className="font-mono">{app.id}</dd>
            </dl>
            {STATUS_HELP[app.status] && <p className="text-sm text-slate-700">{STATUS_HELP[app.status]}</p>}
            {canWrite && <RegenerateKey appId={app.id} appName={app.name} maskedKey={app.masked_key} />}
          </section>
          <section aria-labelledby={`wh-${app.id}`} className="space-y-3 border-t border-slate-200 pt-4">
            <h3 id={`wh-${app.id}`} className="font-semibold">
              Webhook
            </h3>
            <WebhookForm app={app} environment={environment} readOnly={!canWrite} ownsCredentials={isOwner} />
            {canWrite && <TestEvent appId={app.id} hasWebhook={Boolean(app.webhook.url)} />}
            {canWrite && <RotateSigningSecret appId={app.id} appName={app.name} />}
          </section>
          <section aria-labelledby={`num-${app.id}`} className="space-y-3 border-t border-slate-200 pt-4">
            <h3 id={`num-${app.id}`} className="font-semibold">
              Numbers
            </h3>
            <AppNumbers appName={app.name} numbers={numbers} />
          </section>
          <section aria-labelledby={`smpp-${app.id}`} className="space-y-3 border-t border-slate-200 pt-4">
            <h3 id={`smpp-${app.id}`} className="font-semibold">
              SMPP access
            </h3>
            <SmppAccess app={app} canWrite={canWrite} />
          </section>
        </div>
      </Card>
    </div>
  );
}
