import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { TRPCError } from '@trpc/server';
import { serverCaller } from '@/server/api/server-caller';
import type { ConversationView } from '@/shared/contracts/inbox';
import { ConversationThread } from '@/components/inbox/conversation-thread';
import { ReplyBox } from '@/components/inbox/reply-box';
import { Card, PageHeader } from '@/components/ui/card';

export async function generateMetadata() {
  return { title: (await getTranslations('inbox.conversation'))('metaTitle') };
}
export const dynamic = 'force-dynamic';

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** One conversation of the Inbox (D18): its SMS and the sends to its phone, and the reply box on the latest page. */
export default async function ConversationPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const phone = one(sp.phone);
  const cursor = one(sp.cursor) ?? null;
  if (!phone) notFound();
  const { api } = await serverCaller();
  let view: ConversationView;
  try {
    view = await api.inbox.get({ phone, cursor: cursor ?? undefined });
  } catch (e) {
    // No conversation of this organization with that phone (another organization's included), or a stale page link.
    if (e instanceof TRPCError && (e.code === 'NOT_FOUND' || e.code === 'BAD_REQUEST')) notFound();
    throw e;
  }
  const options = cursor === null ? await api.messages.composeOptions() : null;
  const t = await getTranslations('inbox');
  return (
    <>
      <nav aria-label={t('conversation.breadcrumb')} className="mb-2 text-sm">
        <Link href="/dashboard/inbox" className="text-blue-700 underline">
          {t('title')}
        </Link>{' '}
        <span aria-hidden="true">/</span> <span className="font-mono text-slate-700">{view.phone}</span>
      </nav>
      <PageHeader title={view.phone} description={t('conversation.description', { timezone: view.timezone })} />
      <div className="space-y-6">
        <ConversationThread initial={view} cursor={cursor} />
        {options && (
          <Card title={t('conversation.reply')}>
            <ReplyBox phone={view.phone} replyFrom={view.reply_from} defaultFrom={view.default_from} options={options} />
          </Card>
        )}
      </div>
    </>
  );
}
