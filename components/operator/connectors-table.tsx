import Link from 'next/link';
import { ConnectorEnableButton } from '@/components/operator/connector-enable-button';
import { EmptyState } from '@/components/ui/card';
import type { ConnectorDetail } from '@/server/contracts/connectors';

/** "2 of 2 bound", "disabled" or "no worker holds it": the live state summary from the lease. */
export function sessionSummary(c: ConnectorDetail): string {
  if (!c.enabled) return 'disabled';
  if (c.owner === null) return 'no worker holds it';
  return `${c.session_states.filter((s) => s.state === 'bound').length} of ${c.sessions} bound`;
}

export function ConnectorsTable({ connectors }: { connectors: ConnectorDetail[] }) {
  if (connectors.length === 0) return <EmptyState>No connectors yet: add one below.</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Carrier connectors and the live state of their sessions</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">Connector</th>
            <th scope="col" className="py-2 pr-4 font-medium">Address</th>
            <th scope="col" className="py-2 pr-4 font-medium">Bind</th>
            <th scope="col" className="py-2 pr-4 font-medium">Sessions / window / TPS</th>
            <th scope="col" className="py-2 pr-4 font-medium">Live state</th>
            <th scope="col" className="py-2 font-medium">Actions</th>
          </tr>
        </thead>
        <tbody>
          {connectors.map((c) => (
            <tr key={c.id} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="py-2 pr-4 font-medium">
                {c.name}
                <div className="text-xs font-normal text-slate-600">
                  {c.kind} · {c.enabled ? 'enabled' : 'disabled'}
                </div>
              </th>
              <td className="py-2 pr-4 font-mono">{c.kind === 'smpp' ? `${c.host}:${c.port}${c.tls ? ' (TLS)' : ''}` : '—'}</td>
              <td className="py-2 pr-4">{c.bind_mode}</td>
              <td className="py-2 pr-4">
                {c.sessions} / {c.window} / {c.tps}
              </td>
              <td className="py-2 pr-4">
                <div className="font-medium">{sessionSummary(c)}</div>
                {c.owner && <div className="font-mono text-xs text-slate-600">owner {c.owner}</div>}
                {c.unmatched_receipts > 0 && (
                  <div className="text-xs text-amber-800">
                    {c.unmatched_receipts} unmatched receipt{c.unmatched_receipts === 1 ? '' : 's'} in 24 h (receipt ids: {c.receipt_id_format})
                  </div>
                )}
                {c.session_states.length > 0 && (
                  <ol className="text-xs text-slate-700">
                    {c.session_states.map((s, i) => (
                      <li key={i}>
                        #{i + 1} {s.state} since {s.since}
                        {s.error ? ` (${s.error})` : ''}
                      </li>
                    ))}
                  </ol>
                )}
              </td>
              <td className="space-x-2 py-2 whitespace-nowrap">
                <Link href={`/operator/connectors?edit=${encodeURIComponent(c.name)}`} className="text-blue-700 underline" aria-label={`Edit ${c.name}`}>
                  Edit
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
