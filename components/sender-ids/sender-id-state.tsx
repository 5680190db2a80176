import { useTranslations } from 'next-intl';
import type { SenderId } from '@/shared/contracts/sender-ids';

const TONES: Record<SenderId['state'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  revoked: 'bg-slate-200 text-slate-900',
};

/** A sender ID's state as a badge (D22). */
export function SenderIdState({ state }: { state: SenderId['state'] }) {
  const t = useTranslations('senderIds.states');
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${TONES[state]}`}>{t(state)}</span>;
}
