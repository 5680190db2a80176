'use client';

import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { ComposeOptions } from '@/shared/contracts/compose';
import type { ComposePreview } from '@/shared/messages/compose/preview';
import { needsConfirmation, sendBlocker } from '@/shared/messages/compose/recipient-actions';
import { checkSendRequest } from '@/shared/messages/compose/send-request';
import type { SendRequest } from '@/shared/contracts/send';
import { useTRPC } from '@/components/providers';
import { fieldErrorsOf, messageOf } from '@/components/ui/form-errors';
import { linkTo, strong } from '@/components/ui/rich-text';
import type { useComposeProblems } from './use-compose-problems';

/** One key per form: a double click or a retry after a network error charges once (D12). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `dash-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Errors of the schedule: POST /send reports them only once the fields before it pass. */
const isScheduleField = (field: string) => /^(scheduled_dates|recurring_schedule|sending_type)\b/.test(field);

/**
 * The send: what stops it (the button says it), the checks of the send itself first, a confirmation above the owner's
 * amount or half the balance, then the call; on success the message's page.
 */
export function useComposeSend(input: {
  appId: string;
  options: ComposeOptions;
  preview: ComposePreview;
  message: string;
  scheduled: boolean;
  sendRequest: () => SendRequest;
  problems: ReturnType<typeof useComposeProblems>;
}) {
  const { appId, options, preview, sendRequest, problems } = input;
  const trpc = useTRPC();
  const router = useRouter();
  const t = useTranslations('compose.form');
  const compose = useMutation(trpc.messages.compose.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const stop = sendBlocker({ preview, message: input.message, balance: options.balance, scheduled: input.scheduled });
  // A send the balance cannot pay is the server's to refuse (1202, nothing charged): no question first.
  const confirmReason = stop ? null : needsConfirmation(preview.cost, options.balance, options.confirm_amount);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    problems.clearFormError();
    const found = checkSendRequest(sendRequest(), { timezone: options.timezone, defaultCountry: options.default_country }, new Date(), {
      allowHttpCallbacks: options.environment === 'test',
    });
    if (!appId) found.unshift({ field: 'app_id', message: t('chooseApp') });
    // A date in the past (or another schedule issue) is shown under the schedule whatever else is wrong: count it too.
    if (found.length && !found.some((p) => isScheduleField(p.field))) found.push(...preview.scheduleIssues);
    if (found.length) return problems.show(found);
    problems.clear();
    if (confirmReason) return setConfirming(true);
    await submit();
  }

  async function submit() {
    try {
      const res = await compose.mutateAsync({ app_id: appId, idempotency_key: idempotencyKey, send: sendRequest() });
      router.push(`/dashboard/messages/${res.message_id}`);
    } catch (err) {
      const fields = Object.entries(fieldErrorsOf(err)).map(([field, m]) => ({ field, message: m }));
      if (fields.length) return problems.show(fields);
      const insufficient = err instanceof TRPCClientError && (err.data as { code?: string } | undefined)?.code === 'PAYMENT_REQUIRED';
      problems.refused(insufficient ? t.rich('notSent', { message: messageOf(err), strong, link: linkTo('/dashboard/wallet') }) : messageOf(err));
    }
  }

  return {
    onSubmit,
    pending: compose.isPending,
    stop,
    confirmReason,
    confirm: {
      open: confirming,
      onConfirm: () => {
        setConfirming(false);
        void submit();
      },
      onClose: () => setConfirming(false),
    },
  };
}
