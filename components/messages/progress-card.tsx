import { useTranslations } from 'next-intl';
import type { MessageDetail } from '@/shared/contracts/messages-dashboard';
import { Card } from '@/components/ui/card';
import { ControlButtons } from './control-buttons';
import { useFormat } from '@/components/ui/format';

type State = keyof MessageDetail['counts'];

/** The states in the recipients table's words, final ones first, each with its colour in the bar. */
const COUNTERS: Array<[State, string]> = [
  ['delivered', 'bg-green-600'],
  ['failed', 'bg-red-600'],
  ['sent', 'bg-blue-600'],
  ['processing', 'bg-blue-300'],
  ['pending', 'bg-slate-400'],
  ['cancelled', 'bg-slate-200'],
];

/**
 * The send's deliveries by state, from the same snapshot as the recipients table below it (MessageDetail.counts),
 * so each counter is the number of rows the table shows in that state.
 */
export function ProgressCard({ d, canControl }: { d: MessageDetail; canControl: boolean }) {
  const s = d.status;
  const tz = d.timezone;
  const t = useTranslations('messages.progress');
  const f = useFormat();
  const deliveries = COUNTERS.reduce((n, [state]) => n + d.counts[state], 0);
  const pct = (n: number) => (deliveries ? (n / deliveries) * 100 : 0);
  return (
    <Card title={t('title')}>
      <div className="flex h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        {COUNTERS.map(([state, color]) => (d.counts[state] > 0 ? <div key={state} className={color} style={{ width: `${pct(d.counts[state])}%` }} /> : null))}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {COUNTERS.map(([state]) => (
          <div key={state}>
            <dt className="text-sm text-slate-600">{t(`counters.${state}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900" data-testid={`count-${state}`}>
              {f.number(d.counts[state])}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        {t('legend')}
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Pair label={t('recipients')} value={f.number(s.total_recipients)} />
        <Pair label={t('sends')} value={t('sendsDone', { done: s.dispatches_done, total: s.dispatches_total })} />
        <Pair label={t('smsBilled')} value={f.number(s.total_messages)} />
        <Pair label={t('cost')} value={f.money(s.total_cost, s.currency)} />
        <Pair label={t('refunded')} value={f.money(s.refunded_amount, s.currency)} />
        <Pair label={t('created')} value={f.local(s.created_at, tz)} />
        <Pair label={t('lastChange')} value={f.local(s.updated_at, tz)} />
        {s.next_dispatch_at && <Pair label={t('nextSend')} value={`${f.local(s.next_dispatch_at, tz)} (${tz})`} />}
      </dl>
      {canControl && (
        <div className="mt-4">
          <ControlButtons detail={d} />
        </div>
      )}
      {!canControl && (d.controls.can_cancel || d.controls.can_pause || d.controls.can_resume) && (
        <p className="mt-4 text-sm text-slate-600">{t('controlsNote')}</p>
      )}
    </Card>
  );
}

export function Pair({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words font-medium text-slate-900">{value}</dd>
    </div>
  );
}
