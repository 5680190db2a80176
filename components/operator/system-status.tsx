import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import type { SystemStatus } from '@/shared/contracts/operations';

const when = (iso: string) => iso.replace('T', ' ').slice(0, 19) + ' UTC';

export function WorkersTable({ workers }: { workers: SystemStatus['workers'] }) {
  const t = useTranslations('operator.system.workersTable');
  return (
    <DataTable
      caption={t('caption')}
      empty={t('empty')}
      alignTop
      rows={workers}
      rowKey={(w) => w.worker_id}
      columns={[
        { id: 'worker', header: t('worker'), rowHeader: true, className: 'font-mono font-normal', cell: (w) => w.worker_id },
        { id: 'started', header: t('started'), cell: (w) => when(w.started_at) },
        { id: 'lastHeartbeat', header: t('lastHeartbeat'), cell: (w) => t('ago', { seconds: w.seen_seconds_ago }) },
        { id: 'state', header: t('state'), cell: (w) => (w.alive ? t('alive') : <span className="font-medium text-red-700">{t('silent')}</span>) },
      ]}
    />
  );
}

export function JobQueueTable({ queue }: { queue: SystemStatus['job_queue'] }) {
  const t = useTranslations('operator.system.jobsTable');
  return (
    <DataTable
      caption={t('caption')}
      empty={t('empty')}
      alignTop
      rows={queue.by_task}
      rowKey={(q) => q.task}
      columns={[
        { id: 'task', header: t('task'), rowHeader: true, className: 'font-mono font-normal', cell: (q) => q.task },
        { id: 'due', header: t('due'), cell: (q) => q.due },
        { id: 'scheduled', header: t('scheduled'), cell: (q) => q.scheduled },
        { id: 'running', header: t('running'), cell: (q) => q.running },
        { id: 'failed', header: t('failed'), cell: (q) => q.failed },
      ]}
    />
  );
}

export function WebhookBacklogTable({ backlog }: { backlog: SystemStatus['webhook_backlog'] }) {
  const t = useTranslations('operator.system.backlogTable');
  return (
    <DataTable
      caption={t('caption')}
      empty={t('empty')}
      alignTop
      rows={backlog.by_merchant}
      rowKey={(m) => m.organization_id}
      columns={[
        {
          id: 'merchant',
          header: t('merchant'),
          rowHeader: true,
          className: 'font-normal',
          cell: (m) => (
            <Link href={`/operator/merchants/${m.organization_id}`} className="text-blue-700 underline">
              {m.name}
            </Link>
          ),
        },
        { id: 'pending', header: t('pending'), cell: (m) => m.pending },
        { id: 'oldest', header: t('oldest'), cell: (m) => when(m.oldest_pending_at) },
      ]}
    />
  );
}

export function RecentErrors({ errors }: { errors: SystemStatus['recent_errors'] }) {
  const t = useTranslations('operator.system.errors');
  return (
    <div className="space-y-6">
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('jobsTitle')}</h3>
        <DataTable
          caption={t('jobsCaption')}
          empty={t('noJobs')}
          alignTop
          rows={errors.jobs}
          rowKey={(j) => j.id}
          columns={[
            { id: 'when', header: t('when'), className: 'whitespace-nowrap', cell: (j) => when(j.updated_at) },
            { id: 'task', header: t('task'), className: 'font-mono', cell: (j) => j.task },
            {
              id: 'attempts',
              header: t('attempts'),
              cell: (j) => (
                <>
                  {t('attemptsOf', { attempts: j.attempts, max: j.max_attempts })}
                  {j.gave_up ? <div className="text-xs font-medium text-red-700">{t('gaveUp')}</div> : null}
                </>
              ),
            },
            { id: 'error', header: t('error'), className: 'break-all font-mono text-xs', cell: (j) => j.last_error },
          ]}
        />
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('webhooksTitle')}</h3>
        <DataTable
          caption={t('webhooksCaption')}
          empty={t('noWebhooks')}
          alignTop
          rows={errors.webhook_attempts}
          rowKey={(a) => `${a.delivery_id}-${a.attempted_at}`}
          columns={[
            { id: 'when', header: t('when'), className: 'whitespace-nowrap', cell: (a) => when(a.attempted_at) },
            { id: 'merchant', header: t('merchant'), cell: (a) => a.name },
            { id: 'answer', header: t('answer'), cell: (a) => (a.status_code === null ? t('noAnswer') : t('http', { status: a.status_code })) },
            { id: 'error', header: t('error'), className: 'break-all font-mono text-xs', cell: (a) => a.error ?? '' },
          ]}
        />
      </div>
    </div>
  );
}
