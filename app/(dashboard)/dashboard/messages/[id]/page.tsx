import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { TRPCError } from '@trpc/server';
import { serverCaller } from '@/server/api/server-caller';
import type { MessageDetail } from '@/shared/contracts/messages-dashboard';
import { PageHeader } from '@/components/ui/card';
import { MessageView } from '@/components/messages/message-view';

export async function generateMetadata() {
  return { title: (await getTranslations('messages.detail'))('metaTitle') };
}

export default async function MessagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { api } = await serverCaller();
  let detail: MessageDetail;
  try {
    detail = await api.messages.get({ id, recipients: {} }); // the first rows of the recipients table, in the same snapshot
  } catch (e) {
    // Unknown and other organizations' ids read the same (as GET /status answers 404).
    if (e instanceof TRPCError && (e.code === 'NOT_FOUND' || e.code === 'BAD_REQUEST')) notFound();
    throw e;
  }
  const t = await getTranslations('messages');
  return (
    <>
      <nav aria-label={t('detail.breadcrumb')} className="mb-2 text-sm">
        <Link href="/dashboard/messages" className="text-blue-700 underline">
          {t('title')}
        </Link>{' '}
        <span aria-hidden="true">/</span> <span className="font-mono text-slate-700">{id}</span>
      </nav>
      <PageHeader
        title={t('detail.title')}
        description={t('detail.description', { type: t(`sendingTypes.${detail.status.sending_type}`), count: detail.status.total_recipients, id })}
        actions={
          <a
            href={`/dashboard/messages/${encodeURIComponent(id)}/recipients.csv`}
            download
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('detail.exportRecipients')}
          </a>
        }
      />
      <MessageView initial={detail} canControl={detail.can_control} />
    </>
  );
}
