'use client';

import { GSM_PART_LIMIT, GSM_SINGLE_LIMIT, UCS2_PART_LIMIT, UCS2_SINGLE_LIMIT, type MessageAnalysis } from '@/shared/messages/segments';
import { MAX_MESSAGE_CHARS } from '@/server/contracts/send';
import { formatNumber } from '@/components/ui/format';
import { describedBy, FieldMessages, inputClass } from './field-messages';

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const shown = (c: string) => (c.trim() === '' ? codePoint(c) : `“${c}” (${codePoint(c)})`);

/**
 * The message box with one character counter (against the most a message may have, counted as the server counts
 * them) and its live encoding and SMS count (segments.ts, as the server bills it).
 */
export function MessageInput({ value, onChange, analysis, errors }: { value: string; onChange: (v: string) => void; analysis: MessageAnalysis; errors?: string[] }) {
  const gsm = analysis.encoding === 'GSM-7';
  const tooLong = analysis.codePoints > MAX_MESSAGE_CHARS;
  const invalid = Boolean(errors?.length);
  return (
    <div id="message" className="space-y-1">
      <label htmlFor="message-text" className="block text-base font-semibold text-slate-900">
        Message
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
        <span>
          Encoding <strong className="font-semibold">{analysis.encoding}</strong>
        </span>
        <span className={tooLong ? 'font-medium text-red-700' : undefined} data-testid="message-length">
          {formatNumber(analysis.codePoints)} / {formatNumber(MAX_MESSAGE_CHARS)} characters{tooLong && ': too long'}
        </span>
        <span>
          <strong className="font-semibold">{analysis.segments}</strong> SMS {analysis.segments === 1 ? 'segment' : 'segments'} per recipient
        </span>
      </p>
      <p className="text-xs text-slate-600">
        {gsm
          ? `Up to ${GSM_SINGLE_LIMIT} characters fit one SMS; longer messages are sent in parts of ${GSM_PART_LIMIT}. ^ { } \\ [ ] ~ | € count as 2.`
          : `Up to ${UCS2_SINGLE_LIMIT} fit one SMS; longer messages are sent in parts of ${UCS2_PART_LIMIT}.`}
      </p>
      {analysis.nonGsmChars.length > 0 && (
        <p id="message-ucs2" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          UCS-2 because of {analysis.nonGsmChars.slice(0, 8).map(shown).join(', ')}
          {analysis.nonGsmChars.length > 8 ? ` and ${analysis.nonGsmChars.length - 8} more` : ''}. Replace {analysis.nonGsmChars.length === 1 ? 'it' : 'them'} to fit {GSM_SINGLE_LIMIT} characters per SMS instead of {UCS2_SINGLE_LIMIT}.
        </p>
      )}
      <FieldMessages id="message-errors" messages={errors} />
    </div>
  );
}
