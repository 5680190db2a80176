'use client';

import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFormat } from '@/components/ui/format';

/** Asked before a large charge: the total, and why Compose asks (above the amount, or above half the balance). */
export function ConfirmSendDialog(props: {
  reason: 'amount' | 'halfBalance' | null;
  open: boolean;
  cost: string;
  balance: number | null;
  /** The owner's amount (Settings). */
  above: number;
  currency: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('compose.confirmSend');
  const f = useFormat();
  return (
    <ConfirmDialog open={props.open} title={t('title')} confirmLabel={t('confirm', { cost: props.cost })} onConfirm={props.onConfirm} onClose={props.onClose}>
      <p className="font-medium" data-testid="confirm-total">
        {t('body', { cost: props.cost })}
      </p>
      <p>
        {props.reason === 'halfBalance'
          ? t('halfBalance', { balance: f.money(props.balance ?? 0, props.currency) })
          : t('amount', { amount: f.money(props.above, props.currency) })}
      </p>
    </ConfirmDialog>
  );
}
