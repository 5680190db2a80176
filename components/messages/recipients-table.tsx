import { useTranslations } from 'next-intl';
import { MAX_SHOWN_RECIPIENTS, RECIPIENTS_STEP, type RecipientPage } from '@/server/contracts/messages-dashboard';
import { RECIPIENT_STATE_VALUES } from '@/server/contracts/reconcile';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
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
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">{t('caption', { timezone })}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-2 font-medium">#</th>
                <th scope="col" className="px-2 py-2 font-medium">{t('phone')}</th>
                <th scope="col" className="px-2 py-2 font-medium">{t('send')}</th>
                <th scope="col" className="px-2 py-2 font-medium">{t('state')}</th>
                <th scope="col" className="px-2 py-2 font-medium">{t('detail')}</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">{t('price')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100 align-top">
                  <td className="px-2 py-2 tabular-nums text-slate-600">{r.position + 1}</td>
                  <th scope="row" className="whitespace-nowrap px-2 py-2 font-mono font-normal">{r.phone}</th>
                  <td className="whitespace-nowrap px-2 py-2 text-slate-700">{r.dispatch_at ? f.local(r.dispatch_at, timezone) : t('immediate')}</td>
                  <td className="px-2 py-2">
                    <StatusBadge status={r.state} />
                  </td>
                  <td
                    className="px-2 py-2 text-slate-700"
                    title={r.carrier ? (r.carrier_message_id ? t('carrierId', { carrier: r.carrier, id: r.carrier_message_id }) : t('carrier', { carrier: r.carrier })) : undefined}
                  >
                    {r.error_code ? (
                      <>
                        <span className="font-mono text-xs">{r.error_code}</span> {r.error_message}
                      </>
                    ) : r.done_at ? (
                      t('doneAt', { time: f.local(r.done_at, timezone) })
                    ) : r.sent_at ? (
                      t('sentAt', { time: f.local(r.sent_at, timezone) })
                    ) : (
                      (r.carrier ?? '')
                    )}
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">{f.money(r.price, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
