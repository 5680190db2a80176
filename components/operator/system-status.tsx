import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/card';
import type { SystemStatus } from '@/server/contracts/operations';

const th = 'py-2 pr-4 font-medium';
const td = 'py-2 pr-4';

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const row = 'border-b border-slate-100 align-top last:border-0';
const when = (iso: string) => iso.replace('T', ' ').slice(0, 19) + ' UTC';

export function WorkersTable({ workers }: { workers: SystemStatus['workers'] }) {
  const t = useTranslations('operator.system.workersTable');
  if (workers.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <Table caption={t('caption')} head={[t('worker'), t('started'), t('lastHeartbeat'), t('state')]}>
      {workers.map((w) => (
        <tr key={w.worker_id} className={row}>
          <th scope="row" className={`${td} font-mono font-normal`}>{w.worker_id}</th>
          <td className={td}>{when(w.started_at)}</td>
          <td className={td}>{t('ago', { seconds: w.seen_seconds_ago })}</td>
          <td className={td}>{w.alive ? t('alive') : <span className="font-medium text-red-700">{t('silent')}</span>}</td>
        </tr>
      ))}
    </Table>
  );
}

export function JobQueueTable({ queue }: { queue: SystemStatus['job_queue'] }) {
  const t = useTranslations('operator.system.jobsTable');
  if (queue.by_task.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <Table caption={t('caption')} head={[t('task'), t('due'), t('scheduled'), t('running'), t('failed')]}>
      {queue.by_task.map((t) => (
        <tr key={t.task} className={row}>
          <th scope="row" className={`${td} font-mono font-normal`}>{t.task}</th>
          <td className={td}>{t.due}</td>
          <td className={td}>{t.scheduled}</td>
          <td className={td}>{t.running}</td>
          <td className={td}>{t.failed}</td>
        </tr>
      ))}
    </Table>
  );
}

export function WebhookBacklogTable({ backlog }: { backlog: SystemStatus['webhook_backlog'] }) {
  const t = useTranslations('operator.system.backlogTable');
  if (backlog.by_merchant.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <Table caption={t('caption')} head={[t('merchant'), t('pending'), t('oldest')]}>
      {backlog.by_merchant.map((m) => (
        <tr key={m.organization_id} className={row}>
          <th scope="row" className={`${td} font-normal`}>
            <Link href={`/operator/merchants/${m.organization_id}`} className="text-blue-700 underline">{m.name}</Link>
          </th>
          <td className={td}>{m.pending}</td>
          <td className={td}>{when(m.oldest_pending_at)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function RecentErrors({ errors }: { errors: SystemStatus['recent_errors'] }) {
  const t = useTranslations('operator.system.errors');
  return (
    <div className="space-y-6">
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('jobsTitle')}</h3>
        {errors.jobs.length === 0 ? (
          <EmptyState>{t('noJobs')}</EmptyState>
        ) : (
          <Table caption={t('jobsCaption')} head={[t('when'), t('task'), t('attempts'), t('error')]}>
            {errors.jobs.map((j) => (
              <tr key={j.id} className={row}>
                <td className={`${td} whitespace-nowrap`}>{when(j.updated_at)}</td>
                <td className={`${td} font-mono`}>{j.task}</td>
                <td className={td}>
                  {t('attemptsOf', { attempts: j.attempts, max: j.max_attempts })}
                  {j.gave_up ? <div className="text-xs font-medium text-red-700">{t('gaveUp')}</div> : null}
                </td>
                <td className={`${td} break-all font-mono text-xs`}>{j.last_error}</td>
              </tr>
            ))}
          </Table>
        )}
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('webhooksTitle')}</h3>
        {errors.webhook_attempts.length === 0 ? (
          <EmptyState>{t('noWebhooks')}</EmptyState>
        ) : (
          <Table caption={t('webhooksCaption')} head={[t('when'), t('merchant'), t('answer'), t('error')]}>
            {errors.webhook_attempts.map((a) => (
              <tr key={`${a.delivery_id}-${a.attempted_at}`} className={row}>
                <td className={`${td} whitespace-nowrap`}>{when(a.attempted_at)}</td>
                <td className={td}>{a.name}</td>
                <td className={td}>{a.status_code === null ? t('noAnswer') : t('http', { status: a.status_code })}</td>
                <td className={`${td} break-all font-mono text-xs`}>{a.error ?? ''}</td>
              </tr>
            ))}
          </Table>
        )}
      </div>
    </div>
  );
}
