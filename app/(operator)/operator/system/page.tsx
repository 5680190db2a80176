import { getTranslations } from 'next-intl/server';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { JobQueueTable, RecentErrors, WebhookBacklogTable, WorkersTable } from '@/components/operator/system-status';
import { Alert, Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const generateMetadata = () => operatorMetadata('system');
export const dynamic = 'force-dynamic';

/** Workers, job queue, webhook backlog and recent errors (the same facts as `npm run admin -- status --json`). */
export default async function SystemPage() {
  const { api } = await serverCaller();
  const s = await api.operator.getSystemStatus();
  const t = await getTranslations('operator.system');
  const tPages = await getTranslations('pages');
  const q = s.job_queue;
  return (
    <>
      <PageHeader title={tPages('system')} description={t('description', { time: s.time.replace('T', ' ').slice(0, 19) })} />
      {s.workers_alive === 0 ? <Alert tone="warning">{t('noWorker')}</Alert> : null}
      {q.oldest_due_age_seconds >= 60 ? <Alert tone="warning">{t('lagging', { seconds: q.oldest_due_age_seconds })}</Alert> : null}
      <Card title={t('workers', { alive: s.workers_alive })}>
        <WorkersTable workers={s.workers} />
      </Card>
      <Card title={t('jobQueue', { due: q.due, scheduled: q.scheduled, running: q.running, failed: q.failed })}>
        <p className="mb-3 text-sm text-slate-600">{t('oldestDue', { seconds: q.oldest_due_age_seconds })}</p>
        <JobQueueTable queue={q} />
      </Card>
      <Card title={t('webhookBacklog', { pending: s.webhook_backlog.pending })}>
        <WebhookBacklogTable backlog={s.webhook_backlog} />
      </Card>
      <Card title={t('recentErrors')}>
        <RecentErrors errors={s.recent_errors} />
      </Card>
    </>
  );
}
