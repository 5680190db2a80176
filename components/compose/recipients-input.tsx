'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState, type ChangeEvent } from 'react';
import { parseCsvRecipients, type RecipientEntry } from '@/shared/messages/compose/parse-recipients';
import type { InvalidRecipient, UnlikelyRecipient } from '@/shared/messages/compose/preview';
import { Button } from '@/components/ui/button';
import { phoneProblemText } from './problem-texts';
import { useProblemLabels } from './problem-labels';
import { describedBy, FieldMessages, inputClass } from './field-messages';

export type CsvFile = { name: string; entries: RecipientEntry[]; column: string };
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const SHOWN = 5;

/** One note per entry (the first few), each naming its line or CSV row. */
function EntryNotes(props: { items: Array<{ index: number; entry: RecipientEntry; note: string }>; testId: string; className: string }) {
  const t = useTranslations('compose.recipients');
  const labels = useProblemLabels();
  if (props.items.length === 0) return null;
  return (
    <ul className={`space-y-0.5 text-sm ${props.className}`} data-testid={props.testId}>
      {props.items.slice(0, SHOWN).map((i) => (
        <li key={i.index}>
          {labels.withMessage(labels.entry(i.entry), i.note)}
        </li>
      ))}
      {props.items.length > SHOWN && <li>{t('moreEntries', { count: props.items.length - SHOWN })}</li>}
    </ul>
  );
}

/** Numbers typed or pasted (one per line, or comma-separated), or a CSV file (its `phone` column, else the first). */
export function RecipientsInput(props: {
  typed: string;
  onTyped: (v: string) => void;
  csv: CsvFile | null;
  onCsv: (f: CsvFile | null) => void;
  total: number;
  valid: number;
  duplicates: number;
  invalid: InvalidRecipient[];
  /** Accepted, but POST /send will warn (UNLIKELY_NUMBER): shown per line, never blocking. */
  unlikely: UnlikelyRecipient[];
  defaultCountry: string;
  errors?: string[];
  /** The actions, each answering how many entries went. */
  onDropInvalid: () => number;
  onRemoveDuplicates: () => number;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [removed, setRemoved] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const errors = props.errors ?? [];
  const t = useTranslations('compose.recipients');
  const tPhone = useTranslations('compose.phoneProblems');

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    setFileError(null);
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError(t('fileTooBig'));
      return;
    }
    const parsed = parseCsvRecipients(await file.text());
    if (parsed.entries.length === 0) {
      setFileError(t('noNumbers', { file: file.name }));
      return;
    }
    props.onCsv({ name: file.name, entries: parsed.entries, column: parsed.column });
  }

  function removeFile() {
    props.onCsv(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  return (
    <fieldset id="recipients" className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">{t('legend')}</legend>
      {props.csv ? (
        <div className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm">
          <p>
            {t.rich('fromFile', {
              count: props.csv.entries.length,
              file: props.csv.name,
              column: props.csv.column === 'first column' ? t('firstColumn') : t('namedColumn', { column: props.csv.column }),
              b: (c) => <span className="font-medium">{c}</span>,
            })}
          </p>
          <Button type="button" variant="secondary" className="mt-2" onClick={removeFile}>
            {t('removeFile')}
          </Button>
        </div>
      ) : (
        <div className="space-y-1">
          <label htmlFor="recipients-text" className="block text-sm font-medium text-slate-800">
            {t('phones')}
          </label>
          <p id="recipients-hint" className="text-xs text-slate-600">
            {t('phonesHint', { country: props.defaultCountry })}
          </p>
          <textarea
            id="recipients-text"
            name="recipients"
            rows={5}
            value={props.typed}
            onChange={(e) => {
              setRemoved(null);
              props.onTyped(e.target.value);
            }}
            aria-invalid={errors.length ? true : undefined}
            aria-describedby={describedBy('recipients-hint', 'recipients-summary', errors.length > 0 && 'recipients-errors')}
            className={`${inputClass(errors.length > 0)} font-mono`}
            placeholder={'+243810005555\n0991234567'}
            spellCheck={false}
          />
        </div>
      )}
      <div className="space-y-1">
        <label htmlFor="recipients-file" className="block text-sm font-medium text-slate-800">
          {props.csv ? t('replaceFile') : t('uploadFile')}
        </label>
        <input
          ref={fileRef}
          id="recipients-file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={onFile}
          aria-describedby={describedBy('recipients-file-hint', fileError && 'recipients-file-error')}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
        />
        <p id="recipients-file-hint" className="text-xs text-slate-600">
          {t('fileHint')}
        </p>
        {fileError && (
          <p id="recipients-file-error" role="alert" className="text-sm text-red-700">
            {fileError}
          </p>
        )}
      </div>
      <p id="recipients-summary" className="text-sm text-slate-700">
        {props.total === 0
          ? t('none')
          : `${[
              t('valid', { count: props.valid }),
              props.invalid.length > 0 && t('invalid', { count: props.invalid.length }),
              props.unlikely.length > 0 && t('unlikely', { count: props.unlikely.length }),
              props.duplicates > 0 && t('duplicates', { count: props.duplicates }),
            ]
              .filter(Boolean)
              .join(', ')}.`}
      </p>
      {(props.invalid.length > 0 || props.duplicates > 0) && (
        <div className="flex flex-wrap gap-2">
          {props.invalid.length > 0 && (
            <Button type="button" variant="secondary" onClick={() => setRemoved(props.onDropInvalid())}>
              {t('dropInvalid', { count: props.invalid.length })}
            </Button>
          )}
          {props.duplicates > 0 && (
            <Button type="button" variant="secondary" onClick={() => setRemoved(props.onRemoveDuplicates())}>
              {t('removeDuplicates', { count: props.duplicates })}
            </Button>
          )}
        </div>
      )}
      <p role="status" className="text-sm text-slate-700 empty:hidden">
        {removed !== null && t('removed', { count: removed })}
      </p>
      {errors.length > 0 ? (
        <FieldMessages id="recipients-errors" messages={errors} />
      ) : (
        <EntryNotes items={props.invalid.map((i) => ({ ...i, note: phoneProblemText(tPhone, i.problem) }))} testId="recipients-invalid" className="text-amber-900" />
      )}
      <EntryNotes
        items={props.unlikely.map((u) => ({ ...u, note: t('unlikelyNote', { e164: u.e164, message: tPhone('unlikely', { where: u.where }) }) }))}
        testId="recipients-warnings"
        className="text-amber-900"
      />
    </fieldset>
  );
}
