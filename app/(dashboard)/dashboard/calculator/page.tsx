import { CalculatorForm } from '@/components/calculator/calculator-form';
import { PricingRows } from '@/components/calculator/pricing-rows';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { formatMoney } from '@/components/ui/format';
import { PriceBasis } from '@/components/wallet/price-basis';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Calculator · SMS Gateway' };
export const dynamic = 'force-dynamic';

export default async function CalculatorPage() {
  const { api } = await serverCaller();
  const [pricing, wallet] = await Promise.all([api.pricing.getPricing(), api.wallets.overview()]);
  return (
    <>
      <PageHeader
        title="Calculator"
        description="How many SMS an amount buys, or what a number of SMS costs, exactly as POST /calculate answers it."
      />
      <div className="space-y-6">
        <Card title="Convert">
          {pricing.average_price === null ? (
            <EmptyState>
              No prices are configured on this gateway yet (neither your own nor the platform price list), so there is no average to
              compute with. Sends are charged the default price ({formatMoney(pricing.default_price, pricing.currency)}) per segment.
            </EmptyState>
          ) : (
            <CalculatorForm currency={pricing.currency} />
          )}
          <div className="mt-4">
            <PriceBasis buys={wallet.buys} balance={wallet.balance} defaultPrice={wallet.default_price} currency={wallet.currency} />
          </div>
        </Card>
        <Card title="Your prices">
          {pricing.source === 'platform' && (
            <p className="mb-3 text-sm text-slate-700" data-testid="price-source">
              You are priced by the platform price list. Ask us for prices of your own if you need different ones.
            </p>
          )}
          {pricing.rows.length === 0 ? (
            <EmptyState>No pricing rows yet.</EmptyState>
          ) : (
            <PricingRows pricing={pricing} />
          )}
          <p className="mt-4 text-sm text-slate-700">
            A send charges each recipient the price of the row with the longest matching prefix, per segment; numbers that match no row
            pay the default price ({formatMoney(pricing.default_price, pricing.currency)}). The calculator uses the plain average of the
            rows, as the API does.
          </p>
        </Card>
      </div>
    </>
  );
}
