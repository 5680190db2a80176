import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MerchantsTable } from '@/components/operator/merchants-table';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';
import { isBadCursor } from '@/server/domain/pagination/keyset';
import { MERCHANT_PAGE_SIZE } from '@/shared/contracts/operator';

export const generateMetadata = () => operatorMetadata('merchants');
export const dynamic = 'force-dynamic';

export default async function MerchantsPage({ searchParams }: { searchParams: Promise<{ q?: string; after?: string }> }) {
  const { q, after } = await searchParams;
  const search = typeof q === 'string' ? q.slice(0, 100) : '';
  const cursor = typeof after === 'string' && after.length <= 200 ? after : undefined;
  const { api } = await serverCaller();
  const pageHref = (c: string | null) => `/operator?${new URLSearchParams({ ...(search ? { q: search } : {}), ...(c ? { after: c } : {}) })}`;
  const [{ merchants, next_cursor }, { requests }] = await Promise.all([
    // A page link that is not one any more: the first page of the same search.
    api.operator.listMerchants({ search: search || undefined, limit: MERCHANT_PAGE_SIZE, cursor }).catch((e: unknown) => (isBadCursor(e) ? redirect(pageHref(null)) : Promise.reject(e))),
    api.operator.listPendingTopUps(),
  ]);
  const t = await getTranslations();
  return (
    <>
      <PageHeader title={t('pages.merchants')} description={t('operator.merchants.description')} />
      <div className="space-y-6">
        {requests.length > 0 && (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            {t('operator.merchants.topUpsWaiting', { count: requests.length })}{' '}
            <Link href="/operator/top-ups" className="font-medium underline">
              {t('operator.merchants.review')}
            </Link>
          </p>
        )}
        <Card>
          <form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
            <div>
              <label htmlFor="q" className="block text-sm font-medium text-slate-800">
                {t('operator.merchants.search')}
              </label>
              <input id="q" name="q" defaultValue={search} className="mt-1 block w-72 rounded-md border border-slate-300 px-3 py-2 text-sm" />
            </div>
            <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
              {t('operator.merchants.searchSubmit')}
            </button>
            {search && (
              <Link href="/operator" className="px-2 py-2 text-sm text-blue-700 underline">
                {t('operator.merchants.clear')}
              </Link>
            )}
          </form>
          <MerchantsTable merchants={merchants} />
          <nav aria-label={t('operator.merchants.pagesLabel')} className="mt-4 flex gap-4 text-sm">
            {cursor && (
              <Link href={pageHref(null)} className="text-blue-700 underline">
                {t('operator.merchants.firstPage')}
              </Link>
            )}
            {next_cursor && (
              <Link href={pageHref(next_cursor)} className="text-blue-700 underline">
                {t('operator.merchants.nextPage', { count: MERCHANT_PAGE_SIZE })}
              </Link>
            )}
          </nav>
        </Card>
      </div>
    </>
  );
}
