import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { useFormat } from '@/components/ui/format';
import type { AuditEntryView } from '@/shared/contracts/operator';

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

/** The audited target, and a link to its merchant when it is not the merchant itself (the merchant's own page hides it). */
function Target({ e, showOrganization }: { e: AuditEntryView; showOrganization: boolean }) {
  const t = useTranslations('operator.audit.table');
  const org = showOrganization ? e.organization_id : null;
  return (
    <>
      {e.target_type} {e.target_id}
      {org && (
        <div>
          <Link href={`/operator/merchants/${org}`} className="text-blue-700 underline">
            {org === e.target_id ? t('openMerchant') : org}
          </Link>
        </div>
      )}
    </>
  );
}

/** Audit rows, newest first (details never hold secrets: only flags and masked keys). */
export function AuditTable({ entries, showOrganization = true }: { entries: AuditEntryView[]; showOrganization?: boolean }) {
  const t = useTranslations('operator.audit.table');
  const f = useFormat();
  return (
    <DataTable
      caption={t('caption')}
      empty={t('empty')}
      className="min-w-[40rem]"
      alignTop
      rows={entries}
      rowKey={(e) => e.id}
      columns={[
        { id: 'when', header: t('when'), className: 'whitespace-nowrap', cell: (e) => f.dateTime(e.created_at, 'UTC') },
        {
          id: 'who',
          header: t('who'),
          className: 'text-xs break-all',
          cell: (e) => (
            <>
              {e.actor_email ?? <span className="font-mono">{e.actor}</span>}
              {e.actor_email && <div className="font-mono text-slate-600">{e.actor}</div>}
            </>
          ),
        },
        { id: 'action', header: t('action'), className: 'font-medium', cell: (e) => e.action },
        { id: 'target', header: t('target'), className: 'font-mono text-xs break-all', cell: (e) => <Target e={e} showOrganization={showOrganization} /> },
        { id: 'details', header: t('details'), cell: (e) => <DetailsList details={e.details} /> },
      ]}
    />
  );
}
