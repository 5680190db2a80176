import { SenderIdQueue } from '@/components/operator/sender-id-queue';
import { Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Sender IDs · Operator console' };
export const dynamic = 'force-dynamic';

/** D22's review queue: every organization's sender IDs, pending first. */
export default async function SenderIdReviewPage() {
  const { api } = await serverCaller();
  const { sender_ids } = await api.operator.listSenderIds({});
  return (
    <>
      <PageHeader
        title="Sender IDs"
        description="Merchants ask for alphanumeric sender IDs. Approve the ones their brand owns, reject others with a reason; revoke an approved one (its later dispatches fail, refunded)."
      />
      <Card>
        <SenderIdQueue items={sender_ids} />
      </Card>
    </>
  );
}
