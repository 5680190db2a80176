'use client';

import { useTranslations } from 'next-intl';
import type { ComposeOptions } from '@/shared/contracts/compose';
import type { ComposePreview } from '@/shared/messages/compose/preview';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import { ConfirmSendDialog } from './confirm-send-dialog';
import { CostPreview } from './cost-preview';
import { sendLabel } from './send-label';
import type { SendingKind } from './schedule-input';
import type { useComposeSend } from './use-compose-send';

/** Compose's side panel: the cost, who may not send, the send button and the confirmation of a large charge. */
export function SendPanel({ preview, options, kind, send }: { preview: ComposePreview; options: ComposeOptions; kind: SendingKind; send: ReturnType<typeof useComposeSend> }) {
  const t = useTranslations('compose.form');
  const tAll = useTranslations();
  const f = useFormat();
  const cost = f.money(Number(preview.cost.toFixed(4)), options.currency);
  const blocked = !options.can_send || options.apps.length === 0;
  return (
    <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
      <CostPreview preview={preview} currency={options.currency} balance={options.balance} kind={kind} />
      {!options.can_send && <Alert tone="info">{t('viewerNotice', { role: tAll(`roles.${options.role}`) })}</Alert>}
      <Button type="submit" className="w-full" disabled={blocked || send.pending}>
        {send.pending ? t('sending') : sendLabel(t, send.stop, kind, preview.dispatches.length, cost)}
      </Button>
      <ConfirmSendDialog {...send.confirm} reason={send.confirmReason} cost={cost} balance={options.balance} above={options.confirm_amount} currency={options.currency} />
    </aside>
  );
}
