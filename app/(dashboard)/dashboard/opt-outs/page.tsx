import { TRPCError } from '@trpc/server';
import { AddOptOutsForm } from '@/components/opt-outs/add-opt-outs-form';
import { ImportOptOuts } from '@/components/opt-outs/import-opt-outs';
import { OptOutsTable } from '@/components/opt-outs/opt-outs-table';
import { Alert, Card, PageHeader } from '@/components/ui/card';
import { FilterActions, FilterField, FilterForm, filterControl } from '@/components/ui/filter-form';
import { serverCaller } from '@/server/api/server-caller';
import type { OptOutsPage } from '@/server/contracts/opt-outs';

export const metadata = { title: 'Opt-outs · SMS Gateway' };
export const dynamic = 'force-dynamic';

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;
const href = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  return `/dashboard/opt-outs${q.size ? `?${q}` : ''}`;
};

/** D19: the organization's opt-out list: search, add, import, export, remove (developers and owners change it). */
export default async function OptOutsDashboardPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const phone = one(sp.phone);
  const cursor = one(sp.cursor);
  const { api } = await serverCaller();
  const org = await api.organization.get();
  let page: OptOutsPage = { items: [], next_cursor: null };
  let problem: string | null = null;
  try {
    page = await api.optOuts.list({ phone, cursor, limit: '50' });
  } catch (e) {
    if (!(e instanceof TRPCError) || e.code !== 'BAD_REQUEST') throw e;
    problem = phone ? `${phone} is not a phone number.` : 'This page link is not valid any more; start from the first page.';
  }
  const canWrite = org.your_role !== 'viewer';
  return (
    <>
      <PageHeader
        title="Opt-outs"
        description="Phones that asked not to receive your messages. Subscribers who reply STOP are added by themselves, and only their START removes them."
      />
      <div className="space-y-6">
        {canWrite ? (
          <>
            <Card title="Add phones">
              <AddOptOutsForm />
            </Card>
            <Card title="Import a CSV">
              <ImportOptOuts />
            </Card>
          </>
        ) : (
          <Alert tone="info">You have the viewer role: you can see and export the list, but not change it.</Alert>
        )}
        <Card title="The list">
          <div className="space-y-4">
            <FilterForm action="/dashboard/opt-outs" label="Search the opt-out list" className="lg:grid-cols-[minmax(0,1fr)_auto]">
              <FilterField id="f-phone" label="Phone">
                <input id="f-phone" name="phone" type="search" inputMode="tel" defaultValue={phone ?? ''} className={filterControl} />
              </FilterField>
              <FilterActions submit="Search" clear="Show all" clearHref="/dashboard/opt-outs" />
              <p className="text-xs text-slate-600 sm:col-span-2">
                <a href="/dashboard/opt-outs/opt-outs.csv" className="font-medium text-blue-700 underline" download>
                  Download CSV
                </a>{' '}
                (the whole list).
              </p>
            </FilterForm>
            {problem && <Alert>{problem}</Alert>}
            <OptOutsTable
              items={page.items}
              timeZone={org.timezone}
              canWrite={canWrite}
              olderHref={page.next_cursor ? href({ phone, cursor: page.next_cursor }) : null}
              newestHref={cursor ? href({ phone }) : null}
            />
          </div>
        </Card>
      </div>
    </>
  );
}
