'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import type { MessageDetail } from '@/shared/contracts/messages-dashboard';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { messageOf } from '@/components/ui/form-errors';
import { useFormat } from '@/components/ui/format';

type Action = 'cancel' | 'pause' | 'resume';

/** Pause / resume / cancel where controlSend allows them; cancel asks first and says what comes back. */
export function ControlButtons({ detail }: { detail: MessageDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const control = useMutation(trpc.messages.control.mutationOptions());
  const t = useTranslations('messages.controls');
  const f = useFormat();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { controls, status } = detail;
  const currency = status.currency;
  const open = detail.dispatch_counts.scheduled ?? 0;

  async function run(action: Action) {
    setResult(null);
    dialogRef.current?.close();
    try {
      const r = await control.mutateAsync({ id: status.message_id, action });
      const refund = r.refunded_amount;
      setResult({
        tone: 'success',
        text:
          action === 'cancel'
            ? t('cancelled', { amount: f.money(refund, currency) })
            : action === 'pause'
              ? t('paused')
              : refund > 0
                ? t('resumedRefund', { amount: f.money(refund, currency) })
                : t('resumed'),
      });
    } catch (err) {
      setResult({ tone: 'error', text: messageOf(err) });
    }
    await queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
  }

  const any = controls.can_cancel || controls.can_pause || controls.can_resume;
  return (
    <div className="space-y-3">
      {any && (
        <div className="flex flex-wrap gap-2">
          {controls.can_pause && (
            <Button variant="secondary" disabled={control.isPending} onClick={() => run('pause')}>
              {t('pause')}
            </Button>
          )}
          {controls.can_resume && (
            <Button variant="secondary" disabled={control.isPending} onClick={() => run('resume')}>
              {controls.resume_refund > 0 ? t('resumeRefund', { amount: f.money(controls.resume_refund, currency) }) : t('resume')}
            </Button>
          )}
          {controls.can_cancel && (
            <Button variant="danger" disabled={control.isPending} onClick={() => dialogRef.current?.showModal()}>
              {t('cancel')}
            </Button>
          )}
        </div>
      )}
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <dialog
        ref={dialogRef}
        aria-labelledby="cancel-title"
        aria-describedby="cancel-body"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="space-y-4 p-5">
          <h2 id="cancel-title" className="text-lg font-semibold text-slate-900">
            {t('confirmTitle')}
          </h2>
          <div id="cancel-body" className="space-y-2 text-sm text-slate-700">
            <p>
              {open > 0 && t('openSends', { count: open })}
              {t.rich('refundNote', { amount: f.money(controls.cancel_refund, currency), strong: (c) => <strong className="text-slate-900">{c}</strong> })}
            </p>
            <p>{t('finishes')}</p>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" autoFocus onClick={() => dialogRef.current?.close()}>
              {t('keep')}
            </Button>
            <Button variant="danger" onClick={() => run('cancel')}>
              {t('confirm', { amount: f.money(controls.cancel_refund, currency) })}
            </Button>
          </div>
        </div>
      </dialog>
    </div>
  );
}
