import Link from 'next/link';
import { serverCaller } from '@/server/api/server-caller';
import { Card, PageHeader } from '@/components/ui/card';
import { DailyChart } from '@/components/overview/daily-chart';
import { BalanceCard, DailyTable, DeliveryRateCard, GettingStarted, TodayCard } from '@/components/overview/overview-cards';
import { formatCount, formatMoney } from '@/components/messages/format';

export const metadata = { title: 'Overview · SMS Gateway' };

export default async function OverviewPage() {
  const { api } = await serverCaller();
  const o = await api.messages.overview();
  const money = (n: number) => formatMoney(n, o.currency);
  return (
    <>
      <PageHeader
        title="Overview"
        description={o.has_sends ? `Your sends and spend, day by day in ${o.timezone}.` : 'Your sandbox is ready. Four steps to your first delivered message.'}
        actions={
          <Link href="/dashboard/compose" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
            Compose a message
          </Link>
        }
      />
      <div className="space-y-6">
        {!o.has_sends && <GettingStarted o={o} />}
        <div className="grid gap-6 md:grid-cols-3">
          <BalanceCard o={o} />
          <TodayCard o={o} />
          <DeliveryRateCard o={o} />
        </div>
        <Card title={`Last ${o.days.length} days`}>
          <div className="grid gap-8 lg:grid-cols-2">
            <DailyChart id="chart-sms" title="SMS per day" points={o.days.map((d) => ({ date: d.date, value: d.sms }))} format={(n) => formatCount(Math.round(n))} barClass="fill-blue-700" />
            <DailyChart id="chart-spend" title={`Spend per day (${o.currency})`} points={o.days.map((d) => ({ date: d.date, value: d.spend }))} format={money} barClass="fill-emerald-700" />
          </div>
          <DailyTable o={o} />
        </Card>
      </div>
    </>
  );
}
