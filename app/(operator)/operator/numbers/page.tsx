import { AssignNumberForm } from '@/components/operator/assign-number-form';
import { NumbersTable } from '@/components/operator/numbers-table';
import { Card, PageHeader } from '@/components/ui/card';
import { FilterActions, FilterField, FilterForm, filterControl } from '@/components/ui/filter-form';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Numbers · Operator console' };
export const dynamic = 'force-dynamic';

/** D18: inbound numbers of every merchant, or of one (`?organization=org_...`, whose apps the assign form then lists). */
export default async function NumbersPage({ searchParams }: { searchParams: Promise<{ organization?: string }> }) {
  const sp = await searchParams;
  const organizationId = typeof sp.organization === 'string' && /^org_[0-9A-Za-z]{1,40}$/.test(sp.organization) ? sp.organization : undefined;
  const { api } = await serverCaller();
  const [{ merchants }, listed, merchant] = await Promise.all([
    api.operator.listMerchants({}),
    api.operator.listNumbers({ organizationId }).catch((e: { code?: string }) => (e.code === 'NOT_FOUND' ? null : Promise.reject(e))),
    organizationId ? api.operator.getMerchant({ organizationId }).catch(() => null) : null,
  ]);
  return (
    <>
      <PageHeader
        title="Numbers"
        description="Inbound addresses of merchants' apps: dedicated numbers, short codes (a catch-all) and short codes with a keyword. One number, or one short code and keyword, belongs to one app; keywords ignore case and accents."
      />
      <div className="space-y-6">
        <FilterForm action="/operator/numbers" label="Numbers filter" className="lg:grid-cols-[minmax(0,1fr)_auto]">
          <FilterField id="f-organization" label="Merchant">
            <select id="f-organization" name="organization" defaultValue={organizationId ?? ''} className={filterControl}>
              <option value="">Every merchant</option>
              {merchants.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </select>
          </FilterField>
          <FilterActions submit="Show" clear="Every merchant" clearHref="/operator/numbers" />
        </FilterForm>
        <Card title={merchant ? `Numbers of ${merchant.name}` : 'Numbers'}>
          {listed ? <NumbersTable numbers={listed.numbers} showMerchant={!organizationId} /> : <p className="text-sm text-slate-700">Unknown merchant.</p>}
        </Card>
        <Card title="Assign a number">
          <AssignNumberForm apps={merchant ? merchant.apps.map((a) => ({ id: a.id, name: a.name })) : null} />
        </Card>
      </div>
    </>
  );
}
