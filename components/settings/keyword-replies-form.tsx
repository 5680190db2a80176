'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/providers';
import { TextArea } from '@/components/ui/field';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { DEFAULT_KEYWORD_REPLIES_IN, MAX_KEYWORD_REPLY, UpdateKeywordRepliesInput, type KeywordReplies, type KeywordReplyLanguage } from '@/shared/contracts/organization';
import { READ_ONLY, SettingsForm } from './settings-form';

type Kind = keyof KeywordReplies;

const KINDS: Kind[] = ['stop', 'start', 'help'];

/**
 * D19, D23: the texts the gateway replies to the opt-out keywords with (free sends from the number the keyword came
 * to), in one language: English, or French for the French keywords. Owners edit; everyone else sees them.
 * `{organization}` stands for the organization's name.
 */
export function KeywordRepliesForm({ replies, canEdit, language = 'en' }: { replies: KeywordReplies; canEdit: boolean; language?: KeywordReplyLanguage }) {
  const defaults = DEFAULT_KEYWORD_REPLIES_IN[language];
  const t = useTranslations('settings.keywordReplies');
  const trpc = useTRPC();
  const router = useRouter();
  const update = useMutation(trpc.organization.updateKeywordReplies.mutationOptions());
  const [values, setValues] = useState<KeywordReplies>(replies);
  const { errors, status, onSubmit } = useFormSubmit(
    () => UpdateKeywordRepliesInput.safeParse({ ...values, language }),
    (input) => update.mutateAsync(input),
    () => {
      router.refresh();
      return t('saved');
    },
  );

  return (
    <SettingsForm
      label={t(`formLabel.${language}`)}
      intro={t.rich('intro', { token: '{organization}', code: (chunks) => <code className="font-mono">{chunks}</code> })}
      canEdit={canEdit}
      pending={update.isPending}
      submitLabel={t('submit')}
      pendingLabel={t('pending')}
      status={status}
      onSubmit={onSubmit}
    >
      {KINDS.map((kind) => (
        <div key={kind} className="space-y-1">
          <TextArea
            className={READ_ONLY}
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
    </SettingsForm>
  );
}
