import { useTranslations } from 'next-intl';
import type { MessageStatus } from '@/shared/contracts/send';

type Tone = 'gray' | 'blue' | 'green' | 'red' | 'amber' | 'violet';
const TONES: Record<Tone, string> = {
  gray: 'bg-slate-100 text-slate-800 ring-slate-300',
  blue: 'bg-blue-50 text-blue-800 ring-blue-300',
  green: 'bg-green-50 text-green-800 ring-green-300',
  red: 'bg-red-50 text-red-800 ring-red-300',
  amber: 'bg-amber-50 text-amber-900 ring-amber-300',
  violet: 'bg-violet-50 text-violet-800 ring-violet-300',
};

const MESSAGE_TONE: Record<MessageStatus['status'], Tone> = {
  pending: 'gray',
  processing: 'blue',
  delivered: 'green',
  failed: 'red',
  partially_delivered: 'amber',
  paused: 'violet',
  cancelled: 'gray',
};
const OTHER_TONE: Record<string, Tone> = {
  sent: 'blue',
  processing: 'blue',
  delivered: 'green',
  succeeded: 'green',
  done: 'green',
  failed: 'red',
  running: 'blue',
  skipped: 'amber',
  cancelled: 'gray',
  scheduled: 'gray',
  pending: 'gray',
};

/** A state as text in a tinted pill: the word carries the meaning, the colour only helps. */
export function StatusBadge({ status }: { status: string }) {
  const tone = MESSAGE_TONE[status as MessageStatus['status']] ?? OTHER_TONE[status] ?? 'gray';
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>
      <StatusText status={status} />
    </span>
  );
}

/** A state's word in the page's language (the `statuses` catalogue), else the state as the API names it. */
export function StatusText({ status }: { status: string }) {
  const t = useTranslations('statuses');
  return t.has(status as 'pending') ? t(status as 'pending') : status.replace(/_/g, ' ');
}
