'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { NETWORK_REPORT_PERIODS, type NetworkReport, type NetworkReportRow } from '@/shared/contracts/overview';
import { useTRPC } from '@/components/providers';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { useFormat } from '@/components/ui/format';

type Period = (typeof NETWORK_REPORT_PERIODS)[number];

/** The Overview's per-network report (D13): a period selector, a bar per network, and the numbers as a table. */
export function NetworkReportCard({ initial }: { initial: NetworkReport }) {
  const trpc = useTRPC();
  const t = useTranslations('overview.networks');
  const [days, setDays] = useState<Period>(initial.days as Period);
  const { data } = useQuery(trpc.messages.networkReport.queryOptions({ days }, { initialData: days === initial.days ? initial : undefined, placeholderData: (previous) => previous }));
  const r = data ?? initial;
  const name = useNetworkName();
  return (
    <Card title={t('title')}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{t('description', { from: r.from, to: r.to, timezone: r.timezone })}</p>
        <div role="group" aria-label={t('period')} className="inline-flex rounded-md border border-slate-300">
          {NETWORK_REPORT_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={days === p}
              onClick={() => setDays(p)}
              className={`px-3 py-1 text-sm first:rounded-l-md last:rounded-r-md focus-visible:outline-2 focus-visible:outline-blue-700 ${days === p ? 'bg-blue-700 text-white' : 'bg-white text-slate-800 hover:bg-slate-100'}`}
            >
              {t('days', { days: p })}
            </button>
          ))}
        </div>
      </div>
      {r.networks.length === 0 ? (
        <p className="text-sm text-slate-600">{t('none', { days: r.days })}</p>
      ) : (
        <>
          <NetworkChart rows={r.networks} name={name} />
          <NetworkTable r={r} name={name} />
        </>
      )}
    </Card>
  );
}

function useNetworkName() {
  const t = useTranslations('overview.networks');
  return (n: NetworkReportRow) =>
    n.default_price ? t('defaultPrice') : n.network === null ? t('replaced') : t('network', { network: n.network, country: n.country ?? '' });
}

/** A stacked bar per network (delivered, failed, awaiting a receipt), hand-written SVG labelled like DailyChart. */
function NetworkChart({ rows, name }: { rows: NetworkReportRow[]; name: (n: NetworkReportRow) => string }) {
  const t = useTranslations('overview.networks');
  const f = useFormat();
  const total = (n: NetworkReportRow) => n.sent + n.not_sent;
  const max = Math.max(...rows.map(total), 1);
  const summary = rows
    .map((n) => t('chartSummary', { network: name(n), sent: f.number(n.sent), delivered: f.number(n.delivered), failed: f.number(n.failed) }))
    .join(' ');
  const legend = [
    ['bg-emerald-700', t('legendDelivered')],
    ['bg-red-700', t('legendFailed')],
    ['bg-slate-400', t('legendWaiting')],
  ] as const;
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-medium text-slate-800">{t('chartTitle')}</figcaption>
      <ul className="mb-2 flex flex-wrap gap-4 text-xs text-slate-600" aria-hidden="true">
        {legend.map(([color, label]) => (
          <li key={label} className="flex items-center gap-1">
            <span className={`inline-block h-3 w-3 rounded-sm ${color}`} />
            {label}
          </li>
        ))}
      </ul>
      <div role="img" aria-label={`${t('chartTitle')}. ${summary}`} className="space-y-2">
        {rows.map((n) => {
          const waiting = n.sent - n.delivered - (n.failed - n.not_sent);
          const parts = [
            [n.delivered, 'fill-emerald-700'],
            [n.failed, 'fill-red-700'],
            [Math.max(waiting, 0), 'fill-slate-400'],
          ] as const;
          let x = 0;
          return (
            <div key={name(n)} className="grid grid-cols-[minmax(8rem,14rem)_1fr] items-center gap-3 text-xs text-slate-700" aria-hidden="true">
              <span className="truncate">{name(n)}</span>
              <svg viewBox={`0 0 ${max} 1`} preserveAspectRatio="none" className="block h-4 w-full bg-slate-100">
                {parts.map(([value, cls]) => {
                  const rect = <rect key={cls} x={x} y={0} width={value} height={1} className={cls} />;
                  x += value;
                  return rect;
                })}
              </svg>
            </div>
          );
        })}
      </div>
    </figure>
  );
}

function NetworkTable({ r, name }: { r: NetworkReport; name: (n: NetworkReportRow) => string }) {
  const t = useTranslations('overview.networks');
  const f = useFormat();
  return (
    <div className="mt-6">
      <DataTable
        caption={t('caption', { from: r.from, to: r.to, timezone: r.timezone })}
        look="compact"
        testId="network-report"
        rows={r.networks}
        rowKey={name}
        columns={[
          { id: 'network', header: t('colNetwork'), rowHeader: true, className: 'font-normal', cell: name },
          { id: 'sent', header: t('colSent'), align: 'right', cell: (n) => f.number(n.sent) },
          { id: 'delivered', header: t('colDelivered'), align: 'right', cell: (n) => f.number(n.delivered) },
          {
            id: 'failed',
            header: t('colFailed'),
            align: 'right',
            cell: (n) => (
              <>
                {f.number(n.failed)}
                {n.not_sent > 0 && <span className="block text-xs text-slate-600">{t('notSent', { count: f.number(n.not_sent) })}</span>}
              </>
            ),
          },
          { id: 'rate', header: t('colRate'), align: 'right', cell: (n) => (n.rate === null ? '—' : f.percent(n.rate)) },
          { id: 'spend', header: t('colSpend', { currency: r.currency }), align: 'right', cell: (n) => f.money(n.spend, r.currency) },
        ]}
      />
      <p className="mt-2 text-xs text-slate-600">{t('definitions')}</p>
    </div>
  );
}
