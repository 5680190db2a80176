'use client';

import { useTranslations } from 'next-intl';
import { Select } from '@/components/ui/field';
import { useFormat } from '@/components/ui/format';
import type { ComposePreview } from '@/shared/messages/compose/preview';
import { SMART_ENCODING_MODES, type SmartEncodingMode } from '@/shared/messages/smart-encoding';

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
  const t = useTranslations('compose.smart');
  const f = useFormat();
  const saving = preview.cost.minus(other.cost);
  const changes = other.analysis.segments !== preview.analysis.segments || other.smart.text !== preview.smart.text;
  const amount = f.money(Number(saving.abs().toFixed(4)), currency);
  const action = otherMode === 'off' ? t('sendAsWritten') : t('replaceAccents');
  return (
    <div id="smart-encoding" className="space-y-2">
      <div className="max-w-md">
        <Select label={t('label')} name="smart_encoding" value={mode} onChange={(e) => onMode(e.target.value as SmartEncodingMode)} hint={t('hint')}>
          {SMART_ENCODING_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`modes.${m}`)}
            </option>
          ))}
        </Select>
      </div>
      {changes && preview.analysis.codePoints > 0 && (
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-800" data-testid="smart-encoding-offer">
          <span>
            {t('offer', { action, from: preview.analysis.segments, to: other.analysis.segments })}
            {saving.isZero() ? '' : saving.isPositive() ? t('less', { amount }) : t('more', { amount })}
          </span>
          <button type="button" className="text-blue-700 underline" onClick={() => onMode(otherMode)}>
            {action}
          </button>
        </p>
      )}
      {preview.smart.applied && <PhonesWillRead preview={preview} />}
    </div>
  );
}

/** D21: exactly what phones will read once characters are replaced (Compose, and the Inbox reply box). */
export function PhonesWillRead({ preview }: { preview: ComposePreview }) {
  const t = useTranslations('compose.message');
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
      <p className="font-medium text-slate-900">{t('phonesRead', { count: preview.smart.replacedCharacters })}</p>
      <p className="whitespace-pre-wrap break-words font-mono text-slate-800" data-testid="smart-encoding-preview">
        {preview.smart.text}
      </p>
    </div>
  );
}
