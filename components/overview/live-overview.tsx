'use client';

import { useQuery } from '@tanstack/react-query';
import type { Overview } from '@/server/contracts/overview';
import { useTRPC } from '@/components/providers';
import { Card } from '@/components/ui/card';
import { formatNumber, formatMoney } from '@/components/ui/format';
import { refreshEvery } from '@/components/messages/refresh';
import { DailyChart } from './daily-chart';
import { BalanceCard, DailyTable, DeliveryRateCard, GettingStarted, TodayCard } from './overview-cards';

const every = (o: Overview | undefined) => (o?.in_progress ? refreshEvery(o.in_progress) : false);

/** The overview's cards and charts, asked again while a send of these days is in progress (the message page's rule). */
export function LiveOverview({ initial }: { initial: Overview }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.messages.overview.queryOptions(undefined, { initialData: initial, refetchInterval: (q) => every(q.state.data) }));
  const o = data ?? initial;
  const money = (n: number) => formatMoney(n, o.currency);
  const refresh = every(o);
  return (
    <div className="space-y-6">
      {!o.has_sends && <GettingStarted o={o} />}
      {refresh !== false && <p className="text-sm text-slate-600">Sends in progress: these figures update every {refresh / 1000} seconds until they are final.</p>}
      <div className="grid gap-6 md:grid-cols-3">
        <BalanceCard o={o} />
        <TodayCard o={o} />
        <DeliveryRateCard o={o} />
      </div>
      <Card title={`Last ${o.days.length} days`}>
        <div className="grid gap-8 lg:grid-cols-2">
          <DailyChart id="chart-sms" title="SMS per day" points={o.days.map((d) => ({ date: d.date, value: d.sms }))} format={(n) => formatNumber(Math.round(n))} barClass="fill-blue-700" />
          <DailyChart id="chart-spend" title={`Spend per day (${o.currency})`} points={o.days.map((d) => ({ date: d.date, value: d.spend }))} format={money} barClass="fill-emerald-700" />
        </div>
        <DailyTable o={o} />
      </Card>
    </div>
  );
}
