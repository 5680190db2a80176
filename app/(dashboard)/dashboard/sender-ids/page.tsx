import { RequestSenderIdForm } from '@/components/sender-ids/request-sender-id-form';
import { SenderIdsTable } from '@/components/sender-ids/sender-ids-table';
import { Alert, Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Sender IDs · SMS Gateway' };
export const dynamic = 'force-dynamic';

/** D22: request sender IDs, see their state and reason, withdraw a pending one (developers and owners). */
export default async function SenderIdsPage() {
  const { api } = await serverCaller();
  const [org, { items }] = await Promise.all([api.organization.get(), api.senderIds.list()]);
  const canWrite = org.your_role !== 'viewer';
  return (
    <>
      <PageHeader
        title="Sender IDs"
        description="The names your messages come from. Live sends may only use approved sender IDs or your own numbers; an operator reviews each request."
      />
      <div className="space-y-6">
        {canWrite ? (
          <Card title="Request a sender ID">
            <RequestSenderIdForm />
          </Card>
        ) : (
          <Alert tone="info">You have the viewer role: you can see the sender IDs, but not request or withdraw them.</Alert>
        )}
        <Card title="Your sender IDs">
          <SenderIdsTable items={items} canWrite={canWrite} timezone={org.timezone} />
        </Card>
      </div>
    </>
  );
}
