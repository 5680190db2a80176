import { getLocale, getTranslations } from 'next-intl/server';
import { CalculatorForm } from '@/components/calculator/calculator-form';
import { PricingRows } from '@/components/calculator/pricing-rows';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { formatter } from '@/components/ui/format';
import { PriceBasis } from '@/components/wallet/price-basis';
import { serverCaller } from '@/server/api/server-caller';

export async function generateMetadata() {
  return { title: (await getTranslations('calculator'))('metaTitle') };
}
export const dynamic = 'force-dynamic';

export default async function CalculatorPage() {
  const { api } = await serverCaller();
  const [pricing, wallet] = await Promise.all([api.pricing.getPricing(), api.wallets.overview()]);
  const t = await getTranslations('calculator');
  const f = formatter(await getLocale());
  const defaultPrice = f.money(pricing.default_price, pricing.currency);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="space-y-6">
        <Card title={t('convert')}>
          {pricing.average_price === null ? (
            <EmptyState>{t('noPrices', { price: defaultPrice })}</EmptyState>
          ) : (
            <CalculatorForm currency={pricing.currency} />
          )}
          <div className="mt-4">
            <PriceBasis buys={wallet.buys} balance={wallet.balance} defaultPrice={wallet.default_price} currency={wallet.currency} />
          </div>
        </Card>
        <Card title={t('yourPrices')}>
          {pricing.source === 'platform' && (
            <p className="mb-3 text-sm text-slate-700" data-testid="price-source">
              {t('platformSource')}
            </p>
          )}
          {pricing.rows.length === 0 ? (
            <EmptyState>{t('noRows')}</EmptyState>
          ) : (
            <PricingRows pricing={pricing} />
          )}
          <p className="mt-4 text-sm text-slate-700">{t('rule', { price: defaultPrice })}</p>
        </Card>
      </div>
    </>
  );
}
