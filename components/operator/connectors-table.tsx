import Link from 'next/link';
import { ConnectorEnableButton } from '@/components/operator/connector-enable-button';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/card';
import type { ConnectorDetail } from '@/server/contracts/connectors';

/** "2 of 2 bound", "disabled" or "no worker holds it": the live state summary from the lease. */
function SessionSummary({ c }: { c: ConnectorDetail }) {
  const t = useTranslations('operator.connectors.table');
  if (!c.enabled) return t('disabled');
  if (c.owner === null) return t('noOwner');
  return t('bound', { bound: c.session_states.filter((s) => s.state === 'bound').length, sessions: c.sessions });
}

export function ConnectorsTable({ connectors }: { connectors: ConnectorDetail[] }) {
  const t = useTranslations('operator.connectors.table');
  if (connectors.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">{t('connector')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('address')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('bind')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('capacity')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('liveState')}</th>
            <th scope="col" className="py-2 font-medium">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {connectors.map((c) => (
            <tr key={c.id} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="py-2 pr-4 font-medium">
                {c.name}
                <div className="text-xs font-normal text-slate-600">
                  {c.kind} · {c.enabled ? t('enabled') : t('disabled')}
                </div>
              </th>
              <td className="py-2 pr-4 font-mono">{c.kind === 'smpp' ? `${c.host}:${c.port}${c.tls ? ' (TLS)' : ''}` : '—'}</td>
              <td className="py-2 pr-4">{c.bind_mode}</td>
              <td className="py-2 pr-4">
                {c.sessions} / {c.window} / {c.tps}
              </td>
              <td className="py-2 pr-4">
                <div className="font-medium">
                  <SessionSummary c={c} />
                </div>
                {c.owner && <div className="font-mono text-xs text-slate-600">{t('owner', { owner: c.owner })}</div>}
                {c.unmatched_receipts > 0 && (
                  <div className="text-xs text-amber-800">
                    {t('unmatched', { count: c.unmatched_receipts, format: c.receipt_id_format })}
                  </div>
                )}
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
              </td>
              <td className="space-x-2 py-2 whitespace-nowrap">
                <Link href={`/operator/connectors?edit=${encodeURIComponent(c.name)}`} className="text-blue-700 underline" aria-label={t('editLabel', { name: c.name })}>
                  {t('edit')}
                </Link>
                <ConnectorEnableButton name={c.name} enabled={c.enabled} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
