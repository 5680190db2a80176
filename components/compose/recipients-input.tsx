'use client';

import { useRef, useState, type ChangeEvent } from 'react';
import { entryLabel, parseCsvRecipients, type RecipientEntry } from '@/shared/messages/compose/parse-recipients';
import type { InvalidRecipient, UnlikelyRecipient } from '@/shared/messages/compose/preview';
import { Button } from '@/components/ui/button';
import { plural } from '@/components/ui/format';
import { describedBy, FieldMessages, inputClass } from './field-messages';

export type CsvFile = { name: string; entries: RecipientEntry[]; column: string };
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const SHOWN = 5;

/** One note per entry (the first few), each naming its line or CSV row. */
function EntryNotes(props: { items: Array<{ index: number; entry: RecipientEntry; note: string }>; testId: string; className: string }) {
  if (props.items.length === 0) return null;
  return (
    <ul className={`space-y-0.5 text-sm ${props.className}`} data-testid={props.testId}>
      {props.items.slice(0, SHOWN).map((i) => (
        <li key={i.index}>
          {entryLabel(i.entry)} (“{i.entry.value}”): {i.note}
        </li>
      ))}
      {props.items.length > SHOWN && <li>…and {props.items.length - SHOWN} more.</li>}
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
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const errors = props.errors ?? [];

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    setFileError(null);
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError('This file is larger than 2 MB; a send takes at most 1000 numbers.');
      return;
    }
    const parsed = parseCsvRecipients(await file.text());
    if (parsed.entries.length === 0) {
      setFileError(`No numbers found in ${file.name}.`);
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
      <legend className="text-base font-semibold text-slate-900">Recipients</legend>
      {props.csv ? (
        <div className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm">
          <p>
            <span className="font-medium">{plural(props.csv.entries.length, 'number')}</span> from <span className="font-medium">{props.csv.name}</span> ({props.csv.column === 'first column' ? 'first column' : `column “${props.csv.column}”`}).
          </p>
          <Button type="button" variant="secondary" className="mt-2" onClick={removeFile}>
            Remove the file and type numbers instead
          </Button>
        </div>
      ) : (
        <div className="space-y-1">
          <label htmlFor="recipients-text" className="block text-sm font-medium text-slate-800">
            Phone numbers
          </label>
          <p id="recipients-hint" className="text-xs text-slate-600">
            One per line, or separated by commas. Numbers without a + use your default country ({props.defaultCountry}).
          </p>
          <textarea
            id="recipients-text"
            name="recipients"
            rows={5}
            value={props.typed}
            onChange={(e) => props.onTyped(e.target.value)}
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
          {props.csv ? 'Replace with another CSV file' : 'Or upload a CSV file'}
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
          The column named “phone” is used, else the first column.
        </p>
        {fileError && (
          <p id="recipients-file-error" role="alert" className="text-sm text-red-700">
            {fileError}
          </p>
        )}
      </div>
      <p id="recipients-summary" className="text-sm text-slate-700">
        {props.total === 0
          ? 'No recipients yet.'
          : `${plural(props.valid, 'valid number')}${props.invalid.length ? `, ${props.invalid.length} not valid` : ''}${props.unlikely.length ? `, ${props.unlikely.length} to check` : ''}${props.duplicates ? `, ${props.duplicates} repeated (each copy is sent and billed)` : ''}.`}
      </p>
      {errors.length > 0 ? (
        <FieldMessages id="recipients-errors" messages={errors} />
      ) : (
        <EntryNotes items={props.invalid.map((i) => ({ ...i, note: i.reason }))} testId="recipients-invalid" className="text-amber-900" />
      )}
      <EntryNotes
        items={props.unlikely.map((u) => ({ ...u, note: `read as ${u.e164}, ${u.message}. It can still be sent, and is billed.` }))}
        testId="recipients-warnings"
        className="text-amber-900"
      />
    </fieldset>
  );
}
