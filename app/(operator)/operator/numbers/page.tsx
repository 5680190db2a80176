import { getTranslations } from 'next-intl/server';
import { AssignNumberForm } from '@/components/operator/assign-number-form';
import { NumbersTable } from '@/components/operator/numbers-table';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { Card, PageHeader } from '@/components/ui/card';
import { FilterActions, FilterField, FilterForm, filterControl } from '@/components/ui/filter-form';
import { serverCaller } from '@/server/api/server-caller';

export const generateMetadata = () => operatorMetadata('numbers');
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
  const t = await getTranslations('operator.numbers');
  const tPages = await getTranslations('pages');
  return (
    <>
      <PageHeader title={tPages('numbers')} description={t('description')} />
      <div className="space-y-6">
        <FilterForm action="/operator/numbers" label={t('filterLabel')} className="lg:grid-cols-[minmax(0,1fr)_auto]">
          <FilterField id="f-organization" label={t('merchant')}>
            <select id="f-organization" name="organization" defaultValue={organizationId ?? ''} className={filterControl}>
              <option value="">{t('everyMerchant')}</option>
              {merchants.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </select>
          </FilterField>
          <FilterActions submit={t('show')} clear={t('everyMerchant')} clearHref="/operator/numbers" />
        </FilterForm>
        <Card title={merchant ? t('numbersOf', { merchant: merchant.name }) : t('numbers')}>
          {listed ? <NumbersTable numbers={listed.numbers} showMerchant={!organizationId} /> : <p className="text-sm text-slate-700">{t('unknownMerchant')}</p>}
        </Card>
        <Card title={t('assign')}>
          <AssignNumberForm apps={merchant ? merchant.apps.map((a) => ({ id: a.id, name: a.name })) : null} />
        </Card>
      </div>
    </>
  );
}
