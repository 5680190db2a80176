import Link from 'next/link';
import { ConnectorForm } from '@/components/operator/connector-form';
import { ConnectorsTable } from '@/components/operator/connectors-table';
import { DeleteRouteButton } from '@/components/operator/delete-route-button';
import { RouteForm } from '@/components/operator/route-form';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Connectors · Operator console' };
export const dynamic = 'force-dynamic';

/** Carrier connectors (SMPP 3.4) with the live state of their sessions, and the routes (D14). `?edit=NAME` opens one for editing. */
export default async function ConnectorsPage({ searchParams }: { searchParams: Promise<{ edit?: string }> }) {
  const { edit } = await searchParams;
  const { api } = await serverCaller();
  const [{ connectors, routes }, { merchants }] = await Promise.all([api.operator.listConnectors(), api.operator.listMerchants({})]);
  const editing = edit ? connectors.find((c) => c.name === edit) : undefined;
  return (
    <>
      <PageHeader
        title="Connectors"
        description="Carrier connectors and the state of their sessions (a running worker applies a change within seconds), and the routes: the longest prefix wins, a merchant's route beats the platform's, connectors are tried in order."
      />
      <Card title="Connectors">
        <ConnectorsTable connectors={connectors} />
      </Card>
      {editing ? (
        <Card title={`Edit ${editing.name}`} actions={<Link href="/operator/connectors" className="text-sm text-blue-700 underline">Close</Link>}>
          <ConnectorForm key={editing.id} current={editing} />
        </Card>
      ) : (
        <Card title="New connector">
          <ConnectorForm />
        </Card>
      )}
      <Card title="Routes">
        {routes.length === 0 ? (
          <EmptyState>No routes: in the sandbox every message goes to the simulator; in live none is sent (NO_ROUTE).</EmptyState>
        ) : (
          <table className="mb-4 w-full text-left text-sm">
            <caption className="sr-only">Routes by prefix</caption>
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Prefix</th>
                <th scope="col" className="py-2 pr-4 font-medium">For</th>
                <th scope="col" className="py-2 pr-4 font-medium">Connectors, in order</th>
                <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {routes.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 pr-4 font-mono">+{r.prefix}</td>
                  <td className="py-2 pr-4">{r.organization_id ? `${r.organization_name ?? r.organization_id}` : 'platform'}</td>
                  <td className="py-2 pr-4">{r.connectors.join(' → ')}</td>
                  <td className="py-2">
                    <DeleteRouteButton prefix={r.prefix} organizationId={r.organization_id} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <RouteForm merchants={merchants.map((m) => ({ id: m.id, name: m.name }))} />
      </Card>
    </>
  );
}
