'use client';

import { useTranslations } from 'next-intl';
import { GSM_PART_LIMIT, GSM_SINGLE_LIMIT, UCS2_PART_LIMIT, UCS2_SINGLE_LIMIT, type MessageAnalysis } from '@/shared/messages/segments';
import { MAX_MESSAGE_CHARS } from '@/shared/contracts/send';
import { describedBy, FieldMessages, inputClass } from './field-messages';

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
/** The characters GSM-7 counts twice (its extension table), as the hint names them. */
const DOUBLED = '^ { } \\ [ ] ~ | €';

/**
 * The message box with one character counter (against the most a message may have, counted as the server counts
 * them) and its live encoding and SMS count (segments.ts, as the server bills it).
 */
export function MessageInput({ value, onChange, analysis, errors }: { value: string; onChange: (v: string) => void; analysis: MessageAnalysis; errors?: string[] }) {
  const gsm = analysis.encoding === 'GSM-7';
  const tooLong = analysis.codePoints > MAX_MESSAGE_CHARS;
  const invalid = Boolean(errors?.length);
  const t = useTranslations('compose.message');
  const shown = (c: string) => (c.trim() === '' ? codePoint(c) : t('quotedChar', { char: c, code: codePoint(c) }));
  const bad = analysis.nonGsmChars;
  return (
    <div id="message" className="space-y-1">
      <label htmlFor="message-text" className="block text-base font-semibold text-slate-900">
        {t('label')}
      </label>
      <textarea
        id="message-text"
        name="message"
        rows={5}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy('message-counter', analysis.nonGsmChars.length > 0 && 'message-ucs2', invalid && 'message-errors')}
        className={inputClass(invalid)}
      />
      <p id="message-counter" className="flex flex-wrap gap-x-3 text-sm text-slate-700">
        <span>{t.rich('encoding', { encoding: analysis.encoding, strong: (c) => <strong className="font-semibold">{c}</strong> })}</span>
        <span className={tooLong ? 'font-medium text-red-700' : undefined} data-testid="message-length">
          {t('length', { count: analysis.codePoints, max: MAX_MESSAGE_CHARS })}
          {tooLong && t('tooLong')}
        </span>
        <span>{t.rich('segments', { count: analysis.segments, strong: (c) => <strong className="font-semibold">{c}</strong> })}</span>
      </p>
      <p className="text-xs text-slate-600">
        {gsm
          ? t('gsmHint', { single: GSM_SINGLE_LIMIT, part: GSM_PART_LIMIT, doubled: DOUBLED })
          : t('ucs2Hint', { single: UCS2_SINGLE_LIMIT, part: UCS2_PART_LIMIT })}
      </p>
      {analysis.nonGsmChars.length > 0 && (
        <p id="message-ucs2" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('ucs2Because', { chars: bad.slice(0, 8).map(shown).join(', '), more: Math.max(bad.length - 8, 0), count: bad.length, gsm: GSM_SINGLE_LIMIT, ucs2: UCS2_SINGLE_LIMIT })}
        </p>
      )}
      <FieldMessages id="message-errors" messages={errors} />
    </div>
  );
}
