import { useTranslations } from 'next-intl';
import { MAX_SHOWN_RECIPIENTS, RECIPIENTS_STEP, type RecipientPage, type RecipientRow } from '@/shared/contracts/messages-dashboard';
import { RECIPIENT_STATE_VALUES } from '@/shared/contracts/reconcile';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { StatusBadge } from './status-badge';
import { useFormat } from '@/components/ui/format';
import { StatusText } from './status-badge';

type State = (typeof RECIPIENT_STATE_VALUES)[number];

/**
 * Per-recipient states (one row per recipient per send moment), the first rows of the message page's snapshot
 * (MessageView), so they agree with its progress counters; "Show more" asks for more rows in that one query.
 */
export function RecipientsTable(props: {
  page: RecipientPage | null;
  timezone: string;
  currency: string;
  state: State | '';
  onState: (s: State | '') => void;
  onMore: () => void;
  loading: boolean;
}) {
  const { page, timezone, currency, state } = props;
  const rows = page?.items ?? [];
  const total = page?.total ?? 0;
  const t = useTranslations('messages.recipientsTable');
  const f = useFormat();

  return (
    <div className="space-y-3" aria-busy={props.loading || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor="recipient-state" className="block text-xs font-medium text-slate-800">
            {t('show')}
          </label>
          <select id="recipient-state" value={state} onChange={(e) => props.onState(e.target.value as State | '')} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
            <option value="">{t('everyState')}</option>
            {RECIPIENT_STATE_VALUES.map((s) => (
              <option key={s} value={s}>
                <StatusText status={s} />
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {props.loading ? t('loading') : page && t('showing', { shown: rows.length, total })}
        </p>
      </div>
      {page && rows.length === 0 && <EmptyState>{t('noneInState')}</EmptyState>}
      {rows.length > 0 && (
        <DataTable
          caption={t('caption', { timezone })}
          look="boxed"
          className="min-w-[640px]"
          alignTop
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            { id: 'position', header: '#', className: 'tabular-nums text-slate-600', cell: (r) => r.position + 1 },
            { id: 'phone', header: t('phone'), rowHeader: true, className: 'whitespace-nowrap font-mono font-normal', cell: (r) => r.phone },
            { id: 'send', header: t('send'), className: 'whitespace-nowrap text-slate-700', cell: (r) => (r.dispatch_at ? f.local(r.dispatch_at, timezone) : t('immediate')) },
            { id: 'state', header: t('state'), cell: (r) => <StatusBadge status={r.state} /> },
            {
              id: 'detail',
              header: t('detail'),
              className: 'text-slate-700',
              cellProps: (r) => ({ title: r.carrier ? (r.carrier_message_id ? t('carrierId', { carrier: r.carrier, id: r.carrier_message_id }) : t('carrier', { carrier: r.carrier })) : undefined }),
              cell: (r) => <RecipientDetail r={r} timezone={timezone} />,
            },
            { id: 'price', header: t('price'), align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (r) => f.money(r.price, currency) },
          ]}
        />
      )}
      {rows.length < total &&
        (rows.length < MAX_SHOWN_RECIPIENTS ? (
          <Button variant="secondary" disabled={props.loading} onClick={props.onMore}>
            {props.loading ? t('loading') : t('showMore', { count: RECIPIENTS_STEP })}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">{t('firstShown', { count: MAX_SHOWN_RECIPIENTS })}</p>
        ))}
    </div>
  );
}

/** The error of a failed delivery, else when it ended or was sent, else its carrier. */
function RecipientDetail({ r, timezone }: { r: RecipientRow; timezone: string }) {
  const t = useTranslations('messages.recipientsTable');
  const f = useFormat();
  if (r.error_code)
    return (
      <>
        <span className="font-mono text-xs">{r.error_code}</span> {r.error_message}
      </>
    );
  if (r.done_at) return t('doneAt', { time: f.local(r.done_at, timezone) });
  if (r.sent_at) return t('sentAt', { time: f.local(r.sent_at, timezone) });
  return r.carrier ?? '';
}
