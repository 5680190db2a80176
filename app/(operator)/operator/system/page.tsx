import { JobQueueTable, RecentErrors, WebhookBacklogTable, WorkersTable } from '@/components/operator/system-status';
import { Alert, Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'System · Operator console' };
export const dynamic = 'force-dynamic';

/** Workers, job queue, webhook backlog and recent errors (the same facts as `npm run admin -- status --json`). */
export default async function SystemPage() {
  const { api } = await serverCaller();
  const s = await api.operator.getSystemStatus();
  const q = s.job_queue;
  return (
    <>
      <PageHeader
        title="System"
        description={`Workers, the job queue, webhook deliveries waiting and the latest errors, as of ${s.time.replace('T', ' ').slice(0, 19)} UTC. Reload for fresh figures; Prometheus reads the same from GET /metrics.`}
      />
      {s.workers_alive === 0 ? <Alert tone="warning">No worker is alive: sends are accepted but nothing is dispatched or delivered.</Alert> : null}
      {q.oldest_due_age_seconds >= 60 ? <Alert tone="warning">The oldest due job has waited {q.oldest_due_age_seconds} s: the workers are not keeping up.</Alert> : null}
      <Card title={`Workers (${s.workers_alive} alive)`}>
        <WorkersTable workers={s.workers} />
      </Card>
      <Card title={`Job queue: ${q.due} due, ${q.scheduled} scheduled, ${q.running} running, ${q.failed} failed`}>
        <p className="mb-3 text-sm text-slate-600">Oldest due job waiting: {q.oldest_due_age_seconds} s.</p>
        <JobQueueTable queue={q} />
      </Card>
      <Card title={`Webhook backlog: ${s.webhook_backlog.pending} pending`}>
        <WebhookBacklogTable backlog={s.webhook_backlog} />
      </Card>
      <Card title="Recent errors">
        <RecentErrors errors={s.recent_errors} />
      </Card>
    </>
  );
}
