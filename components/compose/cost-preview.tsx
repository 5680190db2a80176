'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { ComposePreview } from '@/shared/messages/compose/preview';
import { DataTable } from '@/components/ui/data-table';
import { useFormat } from '@/components/ui/format';

/** How many unroutable numbers the note names; the rest are counted. */
const UNROUTABLE_NAMED = 10;

/** The cost before sending: recipients x segments x sends, priced per network as the server will charge, without the opted-out (D19). */
export function CostPreview({ preview, currency, balance, kind }: { preview: ComposePreview; currency: string; balance: number | null; kind: string }) {
  const t = useTranslations('compose.cost');
  const f = useFormat();
  const cost = Number(preview.cost.toFixed(4));
  const sends = preview.dispatches.length;
  const short = balance !== null && cost > balance;
  const walletLink = (className?: string) => (c: React.ReactNode) => (
    <Link href="/dashboard/wallet" className={className ?? 'underline'}>
      {c}
    </Link>
  );
  return (
    <section aria-labelledby="cost-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="cost-title" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('recipients')}</dt>
        <dd className="text-right">{f.number(preview.recipients.valid.length)}</dd>
        {preview.recipients.skipped > 0 && (
          <>
            <dt className="text-slate-600">{t('skipped')}</dt>
            <dd className="text-right" data-testid="skipped-recipients">
              {f.number(preview.recipients.skipped)}
            </dd>
          </>
        )}
        {preview.recipients.unroutable.length > 0 && (
          <>
            <dt className="text-slate-600">{t('unroutable')}</dt>
            <dd className="text-right" data-testid="unroutable-recipients">
              {f.number(preview.recipients.unroutable.length)}
            </dd>
          </>
        )}
        <dt className="text-slate-600">{t('segments')}</dt>
        <dd className="text-right">{preview.analysis.segments}</dd>
        <dt className="text-slate-600">{kind === 'immediate' ? t('sends') : t('scheduledSends')}</dt>
        <dd className="text-right">{f.number(sends)}</dd>
        <dt className="text-slate-600">{t('smsBilled')}</dt>
        <dd className="text-right font-medium">{f.number(preview.smsCount)}</dd>
      </dl>
      {preview.costLines.length > 0 && (
        <DataTable
          caption={t('perNetwork')}
          look="compact"
          frameClassName="mt-3"
          rows={preview.costLines}
          rowKey={(l) => l.label}
          columns={[
            { id: 'network', header: t('network'), rowHeader: true, className: 'font-normal', cell: (l) => (l.isDefault ? t('defaultLine') : l.label) },
            { id: 'numbers', header: t('numbers'), align: 'right', className: 'tabular-nums', cell: (l) => f.number(l.recipients) },
            { id: 'price', header: t('price'), align: 'right', className: 'tabular-nums', cell: (l) => f.money(Number(l.price), currency) },
            { id: 'subtotal', header: t('subtotal'), align: 'right', className: 'tabular-nums', cell: (l) => f.money(Number(l.subtotal.toFixed(4)), currency) },
          ]}
        />
      )}
      {preview.recipients.skipped > 0 && (
        <p className="mt-3 text-sm text-slate-600">
          {t.rich('skippedNote', {
            count: preview.recipients.skipped,
            link: (c) => (
              <Link href="/dashboard/opt-outs" className="text-blue-700 underline">
                {c}
              </Link>
            ),
          })}
        </p>
      )}
      {preview.recipients.unroutable.length > 0 && (
        <p className="mt-3 text-sm text-amber-800" data-testid="unroutable-note">
          {t('unroutableNote', {
            count: preview.recipients.unroutable.length,
            numbers: preview.recipients.unroutable.slice(0, UNROUTABLE_NAMED).join(', '),
            more: Math.max(0, preview.recipients.unroutable.length - UNROUTABLE_NAMED),
          })}
        </p>
      )}
      <p className="mt-3 flex items-baseline justify-between border-t border-slate-200 pt-3">
        <span className="text-sm text-slate-700">{t('total')}</span>
        <output className="text-xl font-semibold text-slate-900" data-testid="total-cost">
          {f.money(cost, currency)}
        </output>
      </p>
      {balance === null && <p className="mt-2 text-sm text-slate-600">{t.rich('noCredit', { link: walletLink('text-blue-700 underline') })}</p>}
      {balance !== null && (
        <p className={`mt-2 text-sm ${short ? 'font-medium text-red-700' : 'text-slate-600'}`}>
          {short
            ? t.rich('overBalance', { balance: f.money(balance, currency), link: walletLink() })
            : t('balanceThen', { balance: f.money(balance, currency), after: f.money(Number(preview.cost.negated().plus(balance).toFixed(4)), currency) })}
        </p>
      )}
    </section>
  );
}
