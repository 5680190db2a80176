import type { useTranslations } from 'next-intl';
import type { SendBlocker } from '@/shared/messages/compose/recipient-actions';
import type { SendingKind } from './schedule-input';

type FormTexts = ReturnType<typeof useTranslations<'compose.form'>>;

/** The send button's label while something stops the send: what it is. */
function blockedLabel(t: FormTexts, stop: SendBlocker, cost: string): string {
  switch (stop.code) {
    case 'noRecipients':
      return t('blocked.noRecipients');
    case 'invalidNumbers':
      return t('blocked.invalidNumbers', { count: stop.count });
    case 'noMessage':
      return t('blocked.noMessage');
    case 'schedule':
      return t('blocked.schedule');
    case 'balance':
      return t('blocked.balance', { cost });
  }
}

/** The send button's label: what stops the send, else what it will do (`sends` scheduled moments) and cost. */
export function sendLabel(t: FormTexts, stop: SendBlocker | null, kind: SendingKind, sends: number, cost: string): string {
  if (stop) return blockedLabel(t, stop, cost);
  if (kind === 'immediate') return t('sendNow', { cost });
  if (kind === 'recurring') return t('startRecurring', { cost });
  return sends ? t('scheduleSends', { count: sends, cost }) : t('schedule');
}
