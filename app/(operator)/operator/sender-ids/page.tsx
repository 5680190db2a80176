import { getTranslations } from 'next-intl/server';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { SenderIdQueue } from '@/components/operator/sender-id-queue';
import { Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const generateMetadata = () => operatorMetadata('senderIds');
export const dynamic = 'force-dynamic';

/** D22's review queue: every organization's sender IDs, pending first. */
export default async function SenderIdReviewPage() {
  const { api } = await serverCaller();
  const { sender_ids } = await api.operator.listSenderIds({});
  const t = await getTranslations();
  return (
    <>
      <PageHeader title={t('pages.senderIds')} description={t('operator.senderIds.description')} />
      <Card>
        <SenderIdQueue items={sender_ids} />
      </Card>
    </>
  );
}
