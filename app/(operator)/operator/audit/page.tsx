import Link from 'next/link';
import { AuditTable } from '@/components/operator/audit-table';
import { Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Audit log · Operator console' };
export const dynamic = 'force-dynamic';

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ organization?: string; cursor?: string }> }) {
  const sp = await searchParams;
  const organizationId = typeof sp.organization === 'string' && /^org_[0-9A-Za-z]{1,40}$/.test(sp.organization) ? sp.organization : undefined;
  const c = Number(sp.cursor);
  const cursor = Number.isInteger(c) && c > 0 ? c : undefined;
  const { api } = await serverCaller();
  const page = await api.operator.listAudit({ organizationId, cursor, limit: 50 });
  const base = organizationId ? `/operator/audit?organization=${organizationId}` : '/operator/audit';
  const sep = organizationId ? '&' : '?';
  return (
    <>
      <PageHeader
        title="Audit log"
        description={organizationId ? `Entries of ${organizationId}, newest first.` : 'Every operator action and every merchant-side change, newest first.'}
      />
      <Card>
        <div className="space-y-3">
          {organizationId && (
            <Link href="/operator/audit" className="text-sm text-blue-700 underline">
              Show every merchant
            </Link>
          )}
          <AuditTable entries={page.entries} />
          <nav aria-label="Audit pages" className="flex gap-4 text-sm">
            {cursor && (
              <Link href={base} className="text-blue-700 underline">
                ← Newest entries
              </Link>
            )}
            {page.next_cursor && (
              <Link href={`${base}${sep}cursor=${page.next_cursor}`} className="text-blue-700 underline">
                Older entries →
              </Link>
            )}
          </nav>
        </div>
      </Card>
    </>
  );
}
