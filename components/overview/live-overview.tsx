'use client';

import { useQuery } from '@tanstack/react-query';
import type { Overview } from '@/shared/contracts/overview';
import { useTRPC } from '@/components/providers';
import { Card } from '@/components/ui/card';
import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/format';
import { followEvery, refreshEvery } from '@/components/messages/refresh';
import { DailyChart } from './daily-chart';
import { BalanceCard, DailyTable, DeliveryRateCard, GettingStarted, TodayCard } from './overview-cards';

const every = (o: Overview | undefined) => (o?.in_progress ? refreshEvery(o.in_progress) : false);

/** The overview's cards and charts, asked again while a send of these days is in progress (the message page's rule), and every 10 s to show new sends. */
export function LiveOverview({ initial }: { initial: Overview }) {
  const trpc = useTRPC();
  // Follows new sends too (followEvery), while the tab is visible only.
  const { data } = useQuery(
    trpc.messages.overview.queryOptions(undefined, { initialData: initial, refetchInterval: (q) => followEvery(every(q.state.data)), refetchIntervalInBackground: false }),
  );
  const o = data ?? initial;
  const t = useTranslations('overview.live');
  const f = useFormat();
  const money = (n: number) => f.money(n, o.currency);
  const refresh = every(o);
  return (
    <div className="space-y-6">
      {!o.has_sends && <GettingStarted o={o} />}
      {refresh !== false && <p className="text-sm text-slate-600">{t('inProgress', { seconds: refresh / 1000 })}</p>}
      <div className="grid gap-6 md:grid-cols-3">
        <BalanceCard o={o} />
        <TodayCard o={o} />
        <DeliveryRateCard o={o} />
      </div>
      <Card title={t('lastDays', { days: o.days.length })}>
        <div className="grid gap-8 lg:grid-cols-2">
          <DailyChart id="chart-sms" title={t('smsPerDay')} points={o.days.map((d) => ({ date: d.date, value: d.sms }))} format={(n) => f.number(Math.round(n))} barClass="fill-blue-700" />
          <DailyChart id="chart-spend" title={t('spendPerDay', { currency: o.currency })} points={o.days.map((d) => ({ date: d.date, value: d.spend }))} format={money} barClass="fill-emerald-700" />
        </div>
        <DailyTable o={o} />
      </Card>
    </div>
  );
}
