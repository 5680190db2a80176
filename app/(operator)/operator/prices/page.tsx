import { PricingEditor } from '@/components/operator/pricing-editor';
import { Card, PageHeader } from '@/components/ui/card';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Platform prices · Operator console' };
export const dynamic = 'force-dynamic';

export default async function PlatformPricesPage() {
  const { api } = await serverCaller();
  const prices = await api.operator.getPlatformPrices();
  return (
    <>
      <PageHeader
        title="Platform prices"
        description="The price list of every merchant without prices of its own: sends, the compose preview, POST /calculate and the merchant's pages all use it. A merchant with rows of its own is priced by those only."
      />
      <Card title="Price list">
        <p className="mb-4 text-sm text-slate-700" data-testid="organizations-priced">
          {prices.organizations_priced === 1 ? '1 merchant is' : `${prices.organizations_priced} merchants are`} priced by this list.
        </p>
        <PricingEditor rows={prices.rows} />
      </Card>
    </>
  );
}
