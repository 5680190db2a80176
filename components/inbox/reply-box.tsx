'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useDeferredValue, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { ComposeOptions } from '@/shared/contracts/compose';
import type { ReplyFrom } from '@/shared/contracts/inbox';
import { replyPreview } from '@/shared/messages/compose/preview';
import { checkSendRequest } from '@/shared/messages/compose/send-request';
import { analyzeMessage } from '@/shared/messages/segments';
import { smartEncode } from '@/shared/messages/smart-encoding';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { linkTo, strong } from '@/components/ui/rich-text';
import { Select } from '@/components/ui/field';
import { useFieldText } from '@/components/ui/field-texts';
import { fieldErrorsOf, messageOf } from '@/components/ui/form-errors';
import { CostPreview } from '@/components/compose/cost-preview';
import { MessageInput } from '@/components/compose/message-input';
import { useFormat } from '@/components/ui/format';
import { PhonesWillRead } from '@/components/compose/smart-encoding-choice';

/** One key per reply: a double click or a retry after a network error charges once (D12). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `reply-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A choice of the "Reply from" list: an app and the sender_id it sends with (one of its numbers, or none). */
type From = { key: string; appId: string; senderId: string | null; label: string };

function choicesOf(replyFrom: ReplyFrom[], options: ComposeOptions, noSender: (name: string, hint: string) => string): From[] {
  if (replyFrom.length) return replyFrom.map((f) => ({ key: `${f.app_id}|${f.number}`, appId: f.app_id, senderId: f.number, label: `${f.number} (${f.app_name})` }));
  // No number of the organization can send: the apps that can, without a sender ID.
  return options.apps.map((a) => ({ key: `${a.app_id}|`, appId: a.app_id, senderId: null, label: noSender(a.name, a.key_hint) }));
}

/**
 * The reply box of a conversation: an ordinary send to its phone, from one of the organization's numbers (by default
 * the one its latest SMS came to; the number is the sender ID and its app sends), priced in the browser with
 * Compose's preview before it is sent, and charged when it is.
 */
export function ReplyBox({ phone, replyFrom, defaultFrom, options }: { phone: string; replyFrom: ReplyFrom[]; defaultFrom: ReplyFrom | null; options: ComposeOptions }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const reply = useMutation(trpc.inbox.reply.mutationOptions());
  const t = useTranslations('inbox.replyBox');
  const say = useFieldText();
  const tAll = useTranslations();
  const f = useFormat();
  const choices = useMemo(() => choicesOf(replyFrom, options, (name, hint) => t('appNoSender', { name, hint })), [replyFrom, options, t]);
  const [fromKey, setFromKey] = useState(defaultFrom ? `${defaultFrom.app_id}|${defaultFrom.number}` : (choices[0]?.key ?? ''));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [notice, setNotice] = useState<ReactNode>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const from = choices.find((c) => c.key === fromKey) ?? null;

  const org = useMemo(
    () => ({ timezone: options.timezone, defaultCountry: options.default_country, defaultPrice: options.default_price, rows: options.pricing_rows }),
    [options],
  );
  const deferred = useDeferredValue(message);
  // D21: the reply names no smart encoding, so the send applies the organization's setting: the preview does too.
  const smartEncoding = options.smart_encoding;
  const preview = useMemo(() => replyPreview({ message: deferred, phone, org, now: new Date(), smartEncoding }), [deferred, phone, org, smartEncoding]);
  const analysis = useMemo(() => analyzeMessage(smartEncode(message, smartEncoding).text), [message, smartEncoding]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setNotice(null);
    if (!from) return setErrors({ from: [t('chooseFrom')] });
    const send = { message, ...(from.senderId ? { sender_id: from.senderId } : {}) };
    // The server's own checks first (the number offered is one of the app's, so its length is allowed: D18).
    const problems = checkSendRequest({ to: [phone], ...send }, { timezone: options.timezone, defaultCountry: options.default_country, smartEncoding }, new Date(), {
      allowHttpCallbacks: false,
      senderIsAppNumber: true,
    });
    if (problems.length) return setErrors(group(problems.map((p) => ({ ...p, message: say(p.message) }))));
    setErrors({});
    try {
      const res = await reply.mutateAsync({ phone, app_id: from.appId, idempotency_key: idempotencyKey, send });
      setMessage('');
      setIdempotencyKey(newIdempotencyKey());
      setNotice(t('sent', { amount: f.money(res.total_cost, res.currency) }));
      await queryClient.invalidateQueries({ queryKey: trpc.inbox.get.pathKey() });
      router.refresh(); // the balance the cost preview compares with
    } catch (err) {
      const fields = Object.entries(fieldErrorsOf(err)).map(([field, m]) => ({ field, message: m }));
      if (fields.length) return setErrors(group(fields));
      const insufficient = err instanceof TRPCClientError && (err.data as { code?: string } | undefined)?.code === 'PAYMENT_REQUIRED';
      setErrors({
        form: [insufficient ? t('notSent', { message: messageOf(err) }) : messageOf(err)],
      });
    }
  }

  const cost = f.money(Number(preview.cost.toFixed(4)), options.currency);
  if (!options.can_send) {
    return <Alert tone="info">{t('viewer', { role: tAll(`roles.${options.role}`) })}</Alert>;
  }
  if (!choices.length) {
    return (
      <Alert tone="warning">
        {t.rich('noApp', { strong, link: linkTo('/dashboard/keys') })}
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('label')} className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        {errors.form && <Alert>{errors.form.join(' ')}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        <Select
          label={t('from')}
          value={fromKey}
          onChange={(e) => setFromKey(e.target.value)}
          error={[...(errors.from ?? []), ...(errors.sender_id ?? []), ...(errors.app_id ?? [])].join(' ') || null}
          hint={t('fromHint')}
        >
          {choices.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </Select>
        <MessageInput value={message} onChange={setMessage} analysis={analysis} errors={[...(errors.message ?? []), ...(errors.to ?? [])]} />
        {preview.smart.applied && <PhonesWillRead preview={preview} />}
      </div>
      <aside className="space-y-4">
        <CostPreview preview={preview} currency={options.currency} balance={options.balance} kind="immediate" />
        <Button type="submit" className="w-full" disabled={reply.isPending}>
          {reply.isPending ? t('sending') : t('submit', { cost })}
        </Button>
      </aside>
    </form>
  );
}

/** Field errors by where the box shows them: `to[0]` (the phone) under the message. */
function group(errors: Array<{ field: string; message: string }>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { field, message } of errors) {
    const key = ['message', 'sender_id', 'app_id'].includes(field) ? field : field.startsWith('to') ? 'to' : 'form';
    (out[key] ??= []).push(key === 'form' && field !== '(body)' ? `${field}: ${message}` : message);
  }
  return out;
}
