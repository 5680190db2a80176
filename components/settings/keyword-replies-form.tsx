'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { TextArea } from '@/components/ui/field';
import { showServerError } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { DEFAULT_KEYWORD_REPLIES_IN, MAX_KEYWORD_REPLY, UpdateKeywordRepliesInput, type KeywordReplies, type KeywordReplyLanguage } from '@/server/contracts/organization';

const DISABLED = 'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700';

type Kind = keyof KeywordReplies;
type Errors = Partial<Record<Kind, string>>;

const KINDS: Kind[] = ['stop', 'start', 'help'];

/**
 * D19, D23: the texts the gateway replies to the opt-out keywords with (free sends from the number the keyword came
 * to), in one language: English, or French for the French keywords. Owners edit; everyone else sees them.
 * `{organization}` stands for the organization's name.
 */
export function KeywordRepliesForm({ replies, canEdit, language = 'en' }: { replies: KeywordReplies; canEdit: boolean; language?: KeywordReplyLanguage }) {
  const defaults = DEFAULT_KEYWORD_REPLIES_IN[language];
  const t = useTranslations('settings.keywordReplies');
  const say = useFieldText();
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
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], say(i.message)])) as Errors);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      setStatus({ tone: 'success', text: t('saved') });
      router.refresh();
    } catch (err) {
      showServerError(err, (fields) => setErrors(fields as Errors), (text) => setStatus({ tone: 'error', text }));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t(`formLabel.${language}`)}>
      <p className="text-sm text-slate-600">
        {t.rich('intro', { token: '{organization}', code: (chunks) => <code className="font-mono">{chunks}</code> })}
      </p>
      <fieldset disabled={!canEdit} className="space-y-4">
        {KINDS.map((kind) => (
          <div key={kind} className="space-y-1">
            <TextArea
              className={DISABLED}
              label={t(`${language}.${kind}.label`)}
              name={language === 'en' ? kind : `${kind}-fr`}
              rows={2}
              maxLength={MAX_KEYWORD_REPLY}
              value={values[kind]}
              onChange={(e) => setValues({ ...values, [kind]: e.target.value })}
              error={errors[kind]}
              hint={t(`${language}.${kind}.hint`)}
            />
            {canEdit && values[kind] !== defaults[kind] && (
              <button type="button" className="text-xs text-blue-700 underline" onClick={() => setValues({ ...values, [kind]: defaults[kind] })}>
                {t('useDefault')}
              </button>
            )}
          </div>
        ))}
        {canEdit && (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('pending') : t('submit')}
          </Button>
        )}
      </fieldset>
      <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
    </form>
  );
}
