import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AuditTable } from '@/components/operator/audit-table';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const generateMetadata = () => operatorMetadata('audit');
export const dynamic = 'force-dynamic';

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ organization?: string; cursor?: string }> }) {
  const sp = await searchParams;
  const organizationId = typeof sp.organization === 'string' && /^org_[0-9A-Za-z]{1,40}$/.test(sp.organization) ? sp.organization : undefined;
  const c = Number(sp.cursor);
  const cursor = Number.isInteger(c) && c > 0 ? c : undefined;
  const { api } = await serverCaller();
  const page = await api.operator.listAudit({ organizationId, cursor, limit: 50 });
  const t = await getTranslations();
  const base = organizationId ? `/operator/audit?organization=${organizationId}` : '/operator/audit';
  const sep = organizationId ? '&' : '?';
  return (
    <>
      <PageHeader
        title={t('pages.audit')}
        description={organizationId ? t('operator.audit.descriptionOf', { organization: organizationId }) : t('operator.audit.descriptionAll')}
      />
      <Card>
        <div className="space-y-3">
          {organizationId && (
            <Link href="/operator/audit" className="text-sm text-blue-700 underline">
              {t('operator.audit.everyMerchant')}
            </Link>
          )}
          <AuditTable entries={page.entries} />
          <nav aria-label={t('operator.audit.pagesLabel')} className="flex gap-4 text-sm">
            {cursor && (
              <Link href={base} className="text-blue-700 underline">
                {t('operator.newest')}
              </Link>
            )}
            {page.next_cursor && (
              <Link href={`${base}${sep}cursor=${page.next_cursor}`} className="text-blue-700 underline">
                {t('operator.older')}
              </Link>
            )}
          </nav>
        </div>
      </Card>
    </>
  );
}
