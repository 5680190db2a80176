import Link from 'next/link';
import { UnroutedInboundTable } from '@/components/operator/unrouted-inbound-table';
import { Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Unrouted inbound · Operator console' };
export const dynamic = 'force-dynamic';

export default async function UnroutedInboundPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const sp = await searchParams;
  const cursor = typeof sp.cursor === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(sp.cursor) ? sp.cursor : undefined;
  const { api } = await serverCaller();
  const page = await api.operator.listUnroutedInbound({ cursor, limit: 50 });
  return (
    <>
      <PageHeader
        title="Unrouted inbound"
        description="SMS that carriers delivered to a number no app holds (or with no keyword of its short code and no catch-all): stored and acknowledged, newest first. Assign the number to route the next ones."
      />
      <Card>
        <div className="space-y-3">
          <UnroutedInboundTable items={page.items} />
          <nav aria-label="Unrouted inbound pages" className="flex gap-4 text-sm">
            {cursor && (
              <Link href="/operator/inbound" className="text-blue-700 underline">
                ← Newest
              </Link>
            )}
            {page.next_cursor && (
              <Link href={`/operator/inbound?cursor=${page.next_cursor}`} className="text-blue-700 underline">
                Older →
              </Link>
            )}
          </nav>
        </div>
      </Card>
    </>
  );
}
