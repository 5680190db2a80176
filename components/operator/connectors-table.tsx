import Link from 'next/link';
import { ConnectorEnableButton } from '@/components/operator/connector-enable-button';
import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import type { ConnectorDetail } from '@/shared/contracts/connectors';

/** "2 of 2 bound", "disabled" or "no worker holds it": the live state summary from the lease. */
function SessionSummary({ c }: { c: ConnectorDetail }) {
  const t = useTranslations('operator.connectors.table');
  if (!c.enabled) return t('disabled');
  if (c.owner === null) return t('noOwner');
  return t('bound', { bound: c.session_states.filter((s) => s.state === 'bound').length, sessions: c.sessions });
}

/** The live state: the summary, the worker that holds the lease, receipts no send matched, and each session. */
function LiveState({ c }: { c: ConnectorDetail }) {
  const t = useTranslations('operator.connectors.table');
  return (
    <>
      <div className="font-medium">
        <SessionSummary c={c} />
      </div>
      {c.owner && <div className="font-mono text-xs text-slate-600">{t('owner', { owner: c.owner })}</div>}
      {c.unmatched_receipts > 0 && <div className="text-xs text-amber-800">{t('unmatched', { count: c.unmatched_receipts, format: c.receipt_id_format })}</div>}
      {c.session_states.length > 0 && (
        <ol className="text-xs text-slate-700">
          {c.session_states.map((s, i) => (
            <li key={i}>
              {t('session', { number: i + 1, state: t(`sessionStates.${s.state}`), since: s.since.replace('T', ' ').slice(0, 19) })}
              {s.error ? ` (${s.error})` : ''}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export function ConnectorsTable({ connectors }: { connectors: ConnectorDetail[] }) {
  const t = useTranslations('operator.connectors.table');
  return (
    <DataTable
      caption={t('caption')}
      empty={t('empty')}
      className="min-w-[56rem]"
      alignTop
      rows={connectors}
      rowKey={(c) => c.id}
      columns={[
        {
          id: 'connector',
          header: t('connector'),
          rowHeader: true,
          className: 'font-medium',
          cell: (c) => (
            <>
              {c.name}
              <div className="text-xs font-normal text-slate-600">
                {c.kind} · {c.enabled ? t('enabled') : t('disabled')}
              </div>
            </>
          ),
        },
        { id: 'address', header: t('address'), className: 'font-mono', cell: (c) => (c.kind === 'smpp' ? `${c.host}:${c.port}${c.tls ? ' (TLS)' : ''}` : '—') },
        { id: 'bind', header: t('bind'), cell: (c) => c.bind_mode },
        { id: 'capacity', header: t('capacity'), cell: (c) => `${c.sessions} / ${c.window} / ${c.tps}` },
        { id: 'liveState', header: t('liveState'), cell: (c) => <LiveState c={c} /> },
        {
          id: 'actions',
          header: t('actions'),
          className: 'space-x-2 whitespace-nowrap',
          cell: (c) => (
            <>
              <Link href={`/operator/connectors?edit=${encodeURIComponent(c.name)}`} className="text-blue-700 underline" aria-label={t('editLabel', { name: c.name })}>
                {t('edit')}
              </Link>
              <ConnectorEnableButton name={c.name} enabled={c.enabled} />
            </>
          ),
        },
      ]}
    />
  );
}
