'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';

/** Enables or disables a connector after a confirmation (disabling stops its sessions within 5 s); audited as connector.update. */
export function ConnectorEnableButton({ name, enabled }: { name: string; enabled: boolean }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.connectors');
  const update = useMutation(trpc.operator.updateConnector.mutationOptions());
  const confirm = useConfirmedMutation(update, { name, enabled: !enabled });

  return (
    <>
      <Button type="button" variant={enabled ? 'secondary' : 'primary'} className="px-2 py-0.5" onClick={confirm.ask} aria-label={enabled ? t('disableLabel', { name }) : t('enableLabel', { name })}>
        {enabled ? t('disable') : t('enable')}
      </Button>
      <ConfirmDialog
        {...confirm.dialog}
        title={enabled ? t('disableTitle', { name }) : t('enableTitle', { name })}
        confirmLabel={enabled ? t('disable') : t('enable')}
        pendingLabel={enabled ? t('disablePending') : t('enablePending')}
      >
        {enabled ? t('disableBody') : t('enableBody')}
      </ConfirmDialog>
    </>
  );
}
