import Link from 'next/link';
import { SenderIdState } from '@/components/sender-ids/sender-id-state';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import type { ReviewedSenderId } from '@/shared/contracts/sender-ids';
import { SenderIdDecision } from './sender-id-decision';

/** The review queue (D22): pending first, with the purpose and sample message an operator judges by. */
export function SenderIdQueue({ items }: { items: ReviewedSenderId[] }) {
  const t = useTranslations('operator.senderIds');
  const f = useFormat();
  if (!items.length) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label={t('label')}>
      {items.map((s) => (
        <li key={s.id} className="space-y-2 py-3" data-testid={`review-${s.sender_id}`}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-medium">{s.sender_id}</span>
            <SenderIdState state={s.state} />
            <Link href={`/operator/merchants/${s.organization_id}`} className="text-blue-700 underline">
              {s.organization_name}
            </Link>
            <span className="text-slate-600">{t('requested', { when: f.dateTime(s.created_at, 'UTC') })}</span>
          </div>
          <p>
            <span className="text-slate-600">{t('purpose')}</span> {s.purpose}
          </p>
          <blockquote className="border-l-4 border-slate-200 pl-3 text-slate-800">{s.sample_message}</blockquote>
          {s.reason && (
            <p>
              <span className="text-slate-600">{t('reason')}</span> {s.reason}
            </p>
          )}
          <SenderIdDecision id={s.id} senderId={s.sender_id} state={s.state} />
        </li>
      ))}
    </ul>
  );
}
