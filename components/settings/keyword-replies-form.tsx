'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { TextArea } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';
import { DEFAULT_KEYWORD_REPLIES_IN, MAX_KEYWORD_REPLY, UpdateKeywordRepliesInput, type KeywordReplies, type KeywordReplyLanguage } from '@/server/contracts/organization';

const DISABLED = 'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700';

type Kind = keyof KeywordReplies;
type Errors = Partial<Record<Kind, string>>;

const LABELS: Record<KeywordReplyLanguage, Record<Kind, { label: string; hint: string }>> = {
  en: {
    stop: { label: 'Reply to STOP', hint: 'Sent once when a phone opts out (STOP, UNSUBSCRIBE, CANCEL, END, QUIT...).' },
    start: { label: 'Reply to START', hint: 'Sent when a phone on your list opts back in (START, UNSTOP, YES).' },
    help: { label: 'Reply to HELP', hint: 'Sent to HELP or INFO, except to phones on your list.' },
  },
  fr: {
    stop: { label: 'Reply to ARRET (French)', hint: 'Sent once when a phone opts out in French (ARRET, ARRETER, DESABONNER, accents or not).' },
    start: { label: 'Reply to OUI (French)', hint: 'Sent when a phone on your list opts back in with OUI.' },
    help: { label: 'Reply to AIDE (French)', hint: 'Sent to AIDE, except to phones on your list.' },
  },
};

/**
 * D19, D23: the texts the gateway replies to the opt-out keywords with (free sends from the number the keyword came
 * to), in one language: English, or French for the French keywords. Owners edit; everyone else sees them.
 * `{organization}` stands for the organization's name.
 */
export function KeywordRepliesForm({ replies, canEdit, language = 'en' }: { replies: KeywordReplies; canEdit: boolean; language?: KeywordReplyLanguage }) {
  const defaults = DEFAULT_KEYWORD_REPLIES_IN[language];
  const labels = LABELS[language];
  const trpc = useTRPC();
  const router = useRouter();
  const update = useMutation(trpc.organization.updateKeywordReplies.mutationOptions());
  const [values, setValues] = useState<KeywordReplies>(replies);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const parsed = UpdateKeywordRepliesInput.safeParse({ ...values, language });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])) as Errors);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      setStatus({ tone: 'success', text: 'Replies saved.' });
      router.refresh();
    } catch (err) {
      showServerError(err, (fields) => setErrors(fields as Errors), (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={language === 'fr' ? 'Keyword replies in French' : 'Keyword replies'}>
      <p className="text-sm text-slate-600">
        When someone texts a keyword to one of your numbers, the gateway replies from that number, free of charge. Write{' '}
        <code className="font-mono">{'{organization}'}</code> where your organization&apos;s name should appear.
      </p>
      <fieldset disabled={!canEdit} className="space-y-4">
        {(Object.keys(labels) as Kind[]).map((kind) => (
          <div key={kind} className="space-y-1">
            <TextArea
              className={DISABLED}
              label={labels[kind].label}
              name={language === 'en' ? kind : `${kind}-fr`}
              rows={2}
              maxLength={MAX_KEYWORD_REPLY}
              value={values[kind]}
              onChange={(e) => setValues({ ...values, [kind]: e.target.value })}
              error={errors[kind]}
              hint={labels[kind].hint}
            />
            {canEdit && values[kind] !== defaults[kind] && (
              <button type="button" className="text-xs text-blue-700 underline" onClick={() => setValues({ ...values, [kind]: defaults[kind] })}>
                Use the default text
              </button>
            )}
          </div>
        ))}
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save replies'}
          </Button>
        )}
      </fieldset>
      <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
    </form>
  );
}
