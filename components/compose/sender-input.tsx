'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Field } from '@/components/ui/field';
import type { ComposeOptions } from '@/shared/contracts/compose';

const hasLetter = (s: string) => /\p{L}/u.test(s);

/**
 * Compose's sender (D22): the organization's approved sender IDs and its numbers. Live: only those (or none, for the
 * platform default). Sandbox: free text as well, warned about when live would refuse it.
 */
export function SenderInput({
  value,
  onChange,
  senders,
  environment,
  errors,
}: {
  value: string;
  onChange: (v: string) => void;
  senders: ComposeOptions['senders'];
  environment: ComposeOptions['environment'];
  errors?: string[];
}) {
  const listId = useId();
  const selectId = useId();
  const error = errors?.join(' ');
  const t = useTranslations('compose.sender');
  if (environment === 'live') {
    return (
      <div className="space-y-1">
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
          {t('label')}
        </label>
        <select
          id={selectId}
          name="sender_id"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="">{t('platformDefault')}</option>
          {senders.approved.length > 0 && (
            <optgroup label={t('approved')}>
              {senders.approved.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </optgroup>
          )}
          {senders.numbers.length > 0 && (
            <optgroup label={t('numbers')}>
              {senders.numbers.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  }
  const typed = value.trim();
  const unapproved = typed !== '' && hasLetter(typed) && !senders.approved.includes(typed);
  return (
    <>
      <Field
        label={t('optional')}
        name="sender_id"
        value={value}
        list={listId}
        onChange={(e) => onChange(e.target.value)}
        maxLength={11}
        hint={unapproved ? t('unapprovedHint') : t('hint')}
        error={error}
      />
      <datalist id={listId}>
        {[...senders.approved, ...senders.numbers].map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </>
  );
}
