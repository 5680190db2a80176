import { TRPCError } from '@trpc/server';
import { getTranslations } from 'next-intl/server';
import { serverCaller } from '@/server/api/server-caller';
import type { ConversationsPage } from '@/shared/contracts/inbox';
import { ConversationList } from '@/components/inbox/conversation-list';
import { Alert, PageHeader } from '@/components/ui/card';

export async function generateMetadata() {
  return { title: (await getTranslations('inbox'))('metaTitle') };
}
export const dynamic = 'force-dynamic';

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** D18: conversations with the phones that sent SMS to the organization's numbers, newest activity first. */
export default async function InboxPage({ searchParams }: { searchParams: Promise<Search> }) {
  const cursor = one((await searchParams).cursor) ?? null;
  const { api } = await serverCaller();
  let page: ConversationsPage | null = null;
  try {
    page = await api.inbox.list({ cursor: cursor ?? undefined });
  } catch (e) {
    if (!(e instanceof TRPCError) || e.code !== 'BAD_REQUEST') throw e;
  }
  const t = await getTranslations('inbox');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {page ? <ConversationList initial={page} cursor={cursor} /> : <Alert>{t('staleLink')}</Alert>}
    </>
  );
}
