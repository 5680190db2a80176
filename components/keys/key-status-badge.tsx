import { useTranslations } from 'next-intl';
import type { KeyStatusValue } from '@/shared/contracts/keys';

const STYLES: Record<KeyStatusValue, { style: string }> = {
  allowed: { style: 'bg-green-100 text-green-900 border-green-300' },
  pending_validation: { style: 'bg-amber-100 text-amber-900 border-amber-300' },
  suspended: { style: 'bg-red-100 text-red-900 border-red-300' },
  revoqued: { style: 'bg-red-100 text-red-900 border-red-300' },
  locked: { style: 'bg-red-100 text-red-900 border-red-300' },
  expired: { style: 'bg-slate-200 text-slate-800 border-slate-300' },
  rejected: { style: 'bg-red-100 text-red-900 border-red-300' },
};

/** A key status as text (never colour alone). */
export function KeyStatusBadge({ status }: { status: KeyStatusValue }) {
  const t = useTranslations('keys.status');
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${STYLES[status].style}`}>{t(status)}</span>;
}
