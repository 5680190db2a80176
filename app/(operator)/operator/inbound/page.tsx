import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { UnroutedInboundTable } from '@/components/operator/unrouted-inbound-table';
import { Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const generateMetadata = () => operatorMetadata('inbound');
export const dynamic = 'force-dynamic';

export default async function UnroutedInboundPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const sp = await searchParams;
  const cursor = typeof sp.cursor === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(sp.cursor) ? sp.cursor : undefined;
  const { api } = await serverCaller();
  const page = await api.operator.listUnroutedInbound({ cursor, limit: 50 });
  const t = await getTranslations();
  return (
    <>
      <PageHeader title={t('pages.inbound')} description={t('operator.inbound.description')} />
      <Card>
        <div className="space-y-3">
          <UnroutedInboundTable items={page.items} />
          <nav aria-label={t('operator.inbound.pagesLabel')} className="flex gap-4 text-sm">
            {cursor && (
              <Link href="/operator/inbound" className="text-blue-700 underline">
                {t('operator.inbound.newest')}
              </Link>
            )}
            {page.next_cursor && (
              <Link href={`/operator/inbound?cursor=${page.next_cursor}`} className="text-blue-700 underline">
                {t('operator.inbound.older')}
              </Link>
            )}
          </nav>
        </div>
      </Card>
    </>
  );
}
