'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';

/** Removes one route (platform, or one organization's) after a confirmation; audited as route.delete. */
export function DeleteRouteButton({ prefix, organizationId }: { prefix: string; organizationId: string | null }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.connectors');
  const remove = useMutation(trpc.operator.deleteRoute.mutationOptions());
  const confirm = useConfirmedMutation(remove, { prefix, organizationId: organizationId ?? undefined });

  return (
    <>
      <Button type="button" variant="danger" className="px-2 py-0.5" onClick={confirm.ask} aria-label={organizationId ? t('deleteRouteOfLabel', { prefix, organization: organizationId }) : t('deleteRouteLabel', { prefix })}>
        {t('deleteRoute')}
      </Button>
      <ConfirmDialog
        {...confirm.dialog}
        title={organizationId ? t('deleteRouteOfTitle', { prefix, organization: organizationId }) : t('deleteRouteTitle', { prefix })}
        confirmLabel={t('deleteRoute')}
        pendingLabel={t('deleteRoutePending')}
      >
        {organizationId ? t('deleteRouteOfBody', { organization: organizationId }) : t('deleteRouteBody')}
      </ConfirmDialog>
    </>
  );
}
