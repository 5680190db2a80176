import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Overview } from '@/shared/contracts/overview';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/format';
import { PriceBasis } from '@/components/wallet/price-basis';

function Stat({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
      {children && <dd className="mt-1 text-sm text-slate-600">{children}</dd>}
    </div>
  );
}

export function BalanceCard({ o }: { o: Overview }) {
  const b = o.balance;
  const t = useTranslations('overview.balance');
  const f = useFormat();
  return (
    <Card title={t('title')}>
      {b ? (
        <div className="space-y-3">
          <dl className="space-y-3">
            <Stat label={t('available')} value={f.money(b.total, o.currency)}>
              {t('aboutSms', { count: b.buys.sms })}
            </Stat>
            <div className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-slate-600">{t('prepaid')}</dt>
                <dd className="font-medium">{b.prepaid === null ? t('notOpened') : f.money(b.prepaid, o.currency)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('postpaid')}</dt>
                <dd className="font-medium">{b.postpaid === null ? t('noPostpaid') : f.money(b.postpaid, o.currency)}</dd>
              </div>
            </div>
          </dl>
          <PriceBasis buys={b.buys} balance={b.total} defaultPrice={b.default_price} currency={o.currency} />
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {t.rich('noWallet', {
            link: (text) => (
              <Link className="text-blue-700 underline" href="/dashboard/wallet">
                {text}
              </Link>
            ),
          })}
        </p>
      )}
    </Card>
  );
}

export function TodayCard({ o }: { o: Overview }) {
  const day = o.today;
  const t = useTranslations('overview.today');
  const f = useFormat();
  return (
    <Card title={t('title')}>
      <dl className="space-y-3">
        <Stat label={t('sendsOn', { date: day.date })} value={f.number(day.sends)}>
          {t('sms', { count: day.sms })} · {f.money(day.spend, o.currency)}
        </Stat>
      </dl>
      <p className="mt-3 text-xs text-slate-600">{t('timezone', { timezone: o.timezone })}</p>
    </Card>
  );
}

export function DeliveryRateCard({ o }: { o: Overview }) {
  const r = o.delivery_rate;
  const t = useTranslations('overview.delivery');
  const f = useFormat();
  return (
    <Card title={t('title')}>
      <dl>
        <Stat label={t('lastDays', { days: r.days })} value={r.rate === null ? '—' : new Intl.NumberFormat(f.intl, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(r.rate)}>
          {r.rate === null ? t('none') : t('finished', { delivered: f.number(r.delivered), finished: f.number(r.delivered + r.failed) })}
        </Stat>
      </dl>
    </Card>
  );
}

export function GettingStarted({ o }: { o: Overview }) {
  const funded = (o.balance?.total ?? 0) > 0;
  const t = useTranslations('overview.start');
  const link = (href: string) => (text: ReactNode) => (
    <Link className="text-blue-700 underline" href={href}>
      {text}
    </Link>
  );
  const steps: Array<{ done: boolean; body: ReactNode }> = [
    { done: o.has_app, body: t.rich('key', { link: link('/dashboard/keys') }) },
    { done: funded, body: t.rich('credit', { link: link('/dashboard/wallet') }) },
    { done: false, body: t.rich('send', { link: link('/dashboard/compose') }) },
    { done: false, body: t.rich('docs', { link: link('/docs') }) },
  ];
  return (
    <Card title={t('title')}>
      <ol className="list-decimal space-y-2 pl-5 text-sm">
        {steps.map((s, i) => (
          <li key={i} className={s.done ? 'text-slate-600' : undefined}>
            {s.body} {s.done && <span className="font-medium text-green-800">{t('done')}</span>}
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function DailyTable({ o }: { o: Overview }) {
  const t = useTranslations('overview.table');
  const f = useFormat();
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm text-blue-700 underline">{t('show')}</summary>
      <DataTable
        caption={t('caption', { days: o.days.length, timezone: o.timezone })}
        look="compact"
        frameClassName="mt-2 max-h-96 overflow-y-auto"
        headClassName="sticky top-0 bg-white"
        rows={[...o.days].reverse()}
        rowKey={(d) => d.date}
        columns={[
          { id: 'date', header: t('date'), rowHeader: true, className: 'font-normal', cell: (d) => d.date },
          { id: 'sends', header: t('sends'), align: 'right', cell: (d) => f.number(d.sends) },
          { id: 'sms', header: t('sms'), align: 'right', cell: (d) => f.number(d.sms) },
          { id: 'spend', header: t('spend'), align: 'right', cell: (d) => f.money(d.spend, o.currency) },
          { id: 'delivered', header: t('delivered'), align: 'right', cell: (d) => f.number(d.delivered) },
          { id: 'failed', header: t('failed'), align: 'right', cell: (d) => f.number(d.failed) },
        ]}
      />
    </details>
  );
}
