import { getTranslations } from 'next-intl/server';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { PricingEditor } from '@/components/operator/pricing-editor';
import { Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const generateMetadata = () => operatorMetadata('prices');
export const dynamic = 'force-dynamic';

export default async function PlatformPricesPage() {
  const { api } = await serverCaller();
  const prices = await api.operator.getPlatformPrices();
  const t = await getTranslations();
  return (
    <>
      <PageHeader title={t('pages.prices')} description={t('operator.prices.description')} />
      <Card title={t('operator.prices.list')}>
        <p className="mb-4 text-sm text-slate-700" data-testid="organizations-priced">
          {t('operator.prices.priced', { count: prices.organizations_priced })}
        </p>
        <PricingEditor rows={prices.rows} />
      </Card>
    </>
  );
}
