import { getTranslations } from 'next-intl/server';
import { RequestSenderIdForm } from '@/components/sender-ids/request-sender-id-form';
import { SenderIdsTable } from '@/components/sender-ids/sender-ids-table';
import { Alert, Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export async function generateMetadata() {
  return { title: (await getTranslations('senderIds'))('metaTitle') };
}
export const dynamic = 'force-dynamic';

/** D22: request sender IDs, see their state and reason, withdraw a pending one (developers and owners). */
export default async function SenderIdsPage() {
  const { api } = await serverCaller();
  const [org, { items }] = await Promise.all([api.organization.get(), api.senderIds.list()]);
  const t = await getTranslations('senderIds');
  const canWrite = org.your_role !== 'viewer';
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="space-y-6">
        {canWrite ? (
          <Card title={t('requestTitle')}>
            <RequestSenderIdForm />
          </Card>
        ) : (
          <Alert tone="info">{t('viewerNote')}</Alert>
        )}
        <Card title={t('yoursTitle')}>
          <SenderIdsTable items={items} canWrite={canWrite} timezone={org.timezone} />
        </Card>
      </div>
    </>
  );
}
