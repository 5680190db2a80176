import Link from 'next/link';
import { MerchantsTable } from '@/components/operator/merchants-table';
import { Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Merchants · Operator console' };
export const dynamic = 'force-dynamic';

export default async function MerchantsPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const { q } = await searchParams;
  const search = typeof q === 'string' ? q.slice(0, 100) : '';
  const { api } = await serverCaller();
  const [{ merchants }, { requests }] = await Promise.all([api.operator.listMerchants({ search: search || undefined }), api.operator.listPendingTopUps()]);
  return (
    <>
      <PageHeader title="Merchants" description="Every organization, its balances, and what waits for an operator." />
      <div className="space-y-6">
        {requests.length > 0 && (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            {requests.length} top-up request{requests.length > 1 ? 's' : ''} waiting.{' '}
            <Link href="/operator/top-ups" className="font-medium underline">
              Review them
            </Link>
          </p>
        )}
        <Card>
          <form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
            <div>
              <label htmlFor="q" className="block text-sm font-medium text-slate-800">
                Search by name or id
              </label>
              <input id="q" name="q" defaultValue={search} className="mt-1 block w-72 rounded-md border border-slate-300 px-3 py-2 text-sm" />
            </div>
            <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
              Search
            </button>
            {search && (
              <Link href="/operator" className="px-2 py-2 text-sm text-blue-700 underline">
                Clear
              </Link>
            )}
          </form>
          <MerchantsTable merchants={merchants} />
        </Card>
      </div>
    </>
  );
}
