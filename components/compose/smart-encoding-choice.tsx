'use client';

import { Select } from '@/components/ui/field';
import { formatMoney } from '@/components/messages/format';
import type { ComposePreview } from '@/shared/messages/compose/preview';
import type { SmartEncodingMode } from '@/shared/messages/smart-encoding';

const MODES: Array<{ value: SmartEncodingMode; label: string }> = [
  { value: 'off', label: 'Off: send exactly as written' },
  { value: 'lookalikes', label: 'Replace typographic quotes, dashes and spaces' },
  { value: 'transliterate', label: 'Replace accents too (ê -> e, œ -> oe)' },
];

const segments = (n: number) => `${n} ${n === 1 ? 'segment' : 'segments'}`;

/**
 * D21 in Compose: the smart encoding of this send, what the other choice would cost (per recipient, and in money
 * for the whole send), and exactly what phones will read when characters are replaced. `other` is the preview of
 * the same send with `otherMode`.
 */
export function SmartEncodingChoice({
  mode,
  onMode,
  preview,
  other,
  otherMode,
  currency,
}: {
  mode: SmartEncodingMode;
  onMode: (m: SmartEncodingMode) => void;
  preview: ComposePreview;
  other: ComposePreview;
  otherMode: SmartEncodingMode;
  currency: string;
}) {
  const saving = preview.cost.minus(other.cost);
  const changes = other.analysis.segments !== preview.analysis.segments || other.smart.text !== preview.smart.text;
  const amount = formatMoney(Number(saving.abs().toFixed(4)), currency);
  return (
    <div id="smart-encoding" className="space-y-2">
      <div className="max-w-md">
        <Select label="Smart encoding" name="smart_encoding" value={mode} onChange={(e) => onMode(e.target.value as SmartEncodingMode)} hint="Used only when the whole text then fits GSM-7.">
          {MODES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </Select>
      </div>
      {changes && preview.analysis.codePoints > 0 && (
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-800" data-testid="smart-encoding-offer">
          <span>
            {otherMode === 'off' ? 'Send as written' : 'Replace accents'}: {preview.analysis.segments} -&gt; {segments(other.analysis.segments)} per recipient
            {saving.isZero() ? '' : `, ${amount} ${saving.isPositive() ? 'less' : 'more'}`}
          </span>
          <button type="button" className="text-blue-700 underline" onClick={() => onMode(otherMode)}>
            {otherMode === 'off' ? 'Send as written' : 'Replace accents'}
          </button>
        </p>
      )}
      {preview.smart.applied && (
        <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
          <p className="font-medium text-slate-900">
            Phones will read ({preview.smart.replacedCharacters} {preview.smart.replacedCharacters === 1 ? 'character' : 'characters'} replaced):
          </p>
          <p className="whitespace-pre-wrap break-words font-mono text-slate-800" data-testid="smart-encoding-preview">
            {preview.smart.text}
          </p>
        </div>
      )}
    </div>
  );
}
