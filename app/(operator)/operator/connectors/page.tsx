import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ConnectorForm } from '@/components/operator/connector-form';
import { ConnectorsTable } from '@/components/operator/connectors-table';
import { DeleteRouteButton } from '@/components/operator/delete-route-button';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { RouteForm } from '@/components/operator/route-form';
import { Card, PageHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
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
        <DataTable
          caption={t('routesCaption')}
          empty={t('noRoutes')}
          frameClassName="mb-4"
          rows={routes}
          rowKey={(r) => r.id}
          columns={[
            { id: 'prefix', header: t('prefix'), className: 'font-mono', cell: (r) => `+${r.prefix}` },
            { id: 'for', header: t('for'), cell: (r) => (r.organization_id ? (r.organization_name ?? r.organization_id) : t('platform')) },
            { id: 'inOrder', header: t('inOrder'), cell: (r) => r.connectors.join(' → ') },
            { id: 'actions', header: t('actions'), hiddenHeader: true, cell: (r) => <DeleteRouteButton prefix={r.prefix} organizationId={r.organization_id} /> },
          ]}
        />
        <RouteForm merchants={merchants.map((m) => ({ id: m.id, name: m.name }))} />
      </Card>
    </>
  );
}
