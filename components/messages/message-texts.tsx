import { useTranslations } from 'next-intl';

/**
 * A send's text (D21): what phones got, and, when smart encoding replaced characters, the text as it was written.
 */
export function MessageTexts({ body, originalBody }: { body: string | null; originalBody: string | null }) {
  const t = useTranslations('messages.texts');
  const box = 'whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm text-slate-900';
  if (body === null) return <p className={`${box} italic text-slate-600`} data-testid="message-body-expired">{t('expired')}</p>;
  if (originalBody === null || originalBody === body) return <p className={box}>{body}</p>;
  return (
    <div className="space-y-3">
      <div>
        <h3 className="mb-1 text-sm font-medium text-slate-700">{t('sent')}</h3>
        <p className={box} data-testid="message-body-sent">
          {body}
        </p>
      </div>
      <div>
        <h3 className="mb-1 text-sm font-medium text-slate-700">{t('original')}</h3>
        <p className={box} data-testid="message-body-original">
          {originalBody}
        </p>
      </div>
    </div>
  );
}
