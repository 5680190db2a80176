import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ConnectorForm } from '@/components/operator/connector-form';
import { ConnectorsTable } from '@/components/operator/connectors-table';
import { DeleteRouteButton } from '@/components/operator/delete-route-button';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { RouteForm } from '@/components/operator/route-form';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const generateMetadata = () => operatorMetadata('connectors');
export const dynamic = 'force-dynamic';

/** Carrier connectors (SMPP 3.4) with the live state of their sessions, and the routes (D14). `?edit=NAME` opens one for editing. */
export default async function ConnectorsPage({ searchParams }: { searchParams: Promise<{ edit?: string }> }) {
  const { edit } = await searchParams;
  const { api } = await serverCaller();
  const [{ connectors, routes }, { merchants }] = await Promise.all([api.operator.listConnectors(), api.operator.listMerchants({})]);
  const t = await getTranslations('operator.connectors');
  const tPages = await getTranslations('pages');
  const editing = edit ? connectors.find((c) => c.name === edit) : undefined;
  return (
    <>
      <PageHeader title={tPages('connectors')} description={t('description')} />
      <Card title={t('connectors')}>
        <ConnectorsTable connectors={connectors} />
      </Card>
      {editing ? (
        <Card title={t('edit', { name: editing.name })} actions={<Link href="/operator/connectors" className="text-sm text-blue-700 underline">{t('close')}</Link>}>
          <ConnectorForm key={editing.id} current={editing} />
        </Card>
      ) : (
        <Card title={t('new')}>
          <ConnectorForm />
        </Card>
      )}
      <Card title={t('routes')}>
        {routes.length === 0 ? (
          <EmptyState>{t('noRoutes')}</EmptyState>
        ) : (
          <table className="mb-4 w-full text-left text-sm">
            <caption className="sr-only">{t('routesCaption')}</caption>
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">{t('prefix')}</th>
                <th scope="col" className="py-2 pr-4 font-medium">{t('for')}</th>
                <th scope="col" className="py-2 pr-4 font-medium">{t('inOrder')}</th>
                <th scope="col" className="py-2 font-medium"><span className="sr-only">{t('actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {routes.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 pr-4 font-mono">+{r.prefix}</td>
                  <td className="py-2 pr-4">{r.organization_id ? (r.organization_name ?? r.organization_id) : t('platform')}</td>
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
