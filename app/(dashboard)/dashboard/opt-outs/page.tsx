import { TRPCError } from '@trpc/server';
import { getTranslations } from 'next-intl/server';
import { AddOptOutsForm } from '@/components/opt-outs/add-opt-outs-form';
import { ImportOptOuts } from '@/components/opt-outs/import-opt-outs';
import { OptOutsTable } from '@/components/opt-outs/opt-outs-table';
import { Alert, Card, PageHeader } from '@/components/ui/card';
import { FilterActions, FilterField, FilterForm, filterControl } from '@/components/ui/filter-form';
import { serverCaller } from '@/server/api/server-caller';
import type { OptOutsPage } from '@/shared/contracts/opt-outs';

export async function generateMetadata() {
  return { title: (await getTranslations('optOuts'))('metaTitle') };
}
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
  const t = await getTranslations('optOuts');
  let page: OptOutsPage = { items: [], next_cursor: null };
  let problem: string | null = null;
  try {
    page = await api.optOuts.list({ phone, cursor, limit: '50' });
  } catch (e) {
    if (!(e instanceof TRPCError) || e.code !== 'BAD_REQUEST') throw e;
    problem = phone ? t('notAPhone', { phone }) : t('staleLink');
  }
  const canWrite = org.your_role !== 'viewer';
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="space-y-6">
        {canWrite ? (
          <>
            <Card title={t('addTitle')}>
              <AddOptOutsForm defaultCountry={org.default_country} />
            </Card>
            <Card title={t('importTitle')}>
              <ImportOptOuts defaultCountry={org.default_country} />
            </Card>
          </>
        ) : (
          <Alert tone="info">{t('viewer')}</Alert>
        )}
        <Card title={t('listTitle')}>
          <div className="space-y-4">
            <FilterForm action="/dashboard/opt-outs" label={t('search.label')} className="lg:grid-cols-[minmax(0,1fr)_auto]">
              <FilterField id="f-phone" label={t('search.phone')}>
                <input id="f-phone" name="phone" type="search" inputMode="tel" defaultValue={phone ?? ''} className={filterControl} />
              </FilterField>
              <FilterActions submit={t('search.submit')} clear={t('search.clear')} clearHref="/dashboard/opt-outs" />
              <p className="text-xs text-slate-600 sm:col-span-2">
                {t.rich('search.download', {
                  link: (c) => (
                    <a href="/dashboard/opt-outs/opt-outs.csv" className="font-medium text-blue-700 underline" download>
                      {c}
                    </a>
                  ),
                })}
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
