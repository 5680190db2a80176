import type { KeyStatusValue } from '@/server/contracts/keys';

const LABELS: Record<KeyStatusValue, { text: string; style: string }> = {
  allowed: { text: 'Allowed', style: 'bg-green-100 text-green-900 border-green-300' },
  pending_validation: { text: 'Pending validation', style: 'bg-amber-100 text-amber-900 border-amber-300' },
  suspended: { text: 'Suspended', style: 'bg-red-100 text-red-900 border-red-300' },
  revoqued: { text: 'Revoked', style: 'bg-red-100 text-red-900 border-red-300' },
  locked: { text: 'Locked', style: 'bg-red-100 text-red-900 border-red-300' },
  expired: { text: 'Expired', style: 'bg-slate-200 text-slate-800 border-slate-300' },
  rejected: { text: 'Rejected', style: 'bg-red-100 text-red-900 border-red-300' },
};

/** A key status as text (never colour alone). */
export function KeyStatusBadge({ status }: { status: KeyStatusValue }) {
  const l = LABELS[status];
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${l.style}`}>{l.text}</span>;
}
