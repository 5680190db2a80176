import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import type { AuditEntryView } from '@/server/contracts/operator';

function show(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** `key: value` lines (values that are objects stay compact JSON). */
function DetailsList({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="max-w-md text-xs">
      {entries.map(([k, v]) => (
        <div key={k} className="break-words">
          <dt className="inline font-medium text-slate-800">{k}: </dt>
          <dd className="inline font-mono text-slate-700">{show(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Audit rows, newest first (details never hold secrets: only flags and masked keys). */
export function AuditTable({ entries, showOrganization = true }: { entries: AuditEntryView[]; showOrganization?: boolean }) {
  const t = useTranslations('operator.audit.table');
  const f = useFormat();
  if (entries.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">{t('when')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('who')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('action')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('target')}</th>
            <th scope="col" className="py-2 font-medium">{t('details')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-slate-100 align-top last:border-0">
              <td className="py-2 pr-4 whitespace-nowrap">{f.dateTime(e.created_at, 'UTC')}</td>
              <td className="py-2 pr-4 text-xs break-all">
                {e.actor_email ?? <span className="font-mono">{e.actor}</span>}
                {e.actor_email && <div className="font-mono text-slate-600">{e.actor}</div>}
              </td>
              <td className="py-2 pr-4 font-medium">{e.action}</td>
              <td className="py-2 pr-4 font-mono text-xs break-all">
                {e.target_type} {e.target_id}
                {showOrganization && e.organization_id && e.organization_id !== e.target_id && (
                  <div>
                    <Link href={`/operator/merchants/${e.organization_id}`} className="text-blue-700 underline">
                      {e.organization_id}
                    </Link>
                  </div>
                )}
                {showOrganization && e.organization_id && e.organization_id === e.target_id && (
                  <div>
                    <Link href={`/operator/merchants/${e.organization_id}`} className="text-blue-700 underline">
                      {t('openMerchant')}
                    </Link>
                  </div>
                )}
              </td>
              <td className="py-2">
                <DetailsList details={e.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
