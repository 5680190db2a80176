'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { useFieldText } from '@/components/ui/field-texts';
import { ImportReport, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, MAX_PHONE_INPUT } from '@/shared/contracts/opt-outs';
import { phoneRefusalText } from '@/components/compose/problem-texts';

/**
 * Developer or owner: a CSV file (phones in its first column) in one request to
 * /dashboard/opt-outs/import (server/api/opt-outs-csv.ts), then the report:
 * how many were added or already listed, and each refused row.
 */
export function ImportOptOuts({ defaultCountry }: { defaultCountry: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const t = useTranslations('optOuts.import');
  const tPhone = useTranslations('compose.phoneProblems');
  const say = useFieldText();
  const locale = useLocale();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const file = data.get('file');
    setError(null);
    setReport(null);
    if (!(file instanceof File) || file.size === 0) return setError(t('chooseFile'));
    if (file.size > MAX_IMPORT_BYTES) return setError(t('tooLarge', { mb: MAX_IMPORT_BYTES / 1024 / 1024 }));
    setPending(true);
    try {
      const reason = String(data.get('reason') ?? '');
      const res = await fetch(`/dashboard/opt-outs/import${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: file,
      });
      if (!res.ok) {
        const text = await res.text();
        setError(text.startsWith('{') ? (JSON.parse(text) as { message?: string }).message ?? t('failed') : say(text.trim()));
        return;
      }
      setReport(ImportReport.parse(await res.json()));
      router.refresh();
    } catch {
      setError(t('offline'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('label')}>
        {error && <Alert>{error}</Alert>}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="opt-out-file" className="mb-1 block text-sm font-medium text-slate-800">
              {t('file')}
            </label>
            <input id="opt-out-file" name="file" type="file" accept=".csv,text/csv,text/plain" aria-describedby="opt-out-file-hint" className="block w-full text-sm" />
            <p id="opt-out-file-hint" className="mt-1 text-xs text-slate-600">
              {t('fileHint', { max: MAX_IMPORT_ROWS })}
            </p>
          </div>
          <Field label={t('reason')} name="reason" maxLength={200} />
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? t('pending') : t('submit')}
        </Button>
      </form>
      {report && (
        <div className="space-y-2">
          <Alert tone={report.refused_total ? 'warning' : 'success'}>
            {t('report', { rows: report.rows, added: report.added, already: report.already, refused: report.refused_total })}
          </Alert>
          {report.refused_total > 0 && (
            <DataTable
              label={t('refusedRows')}
              look="compact"
              rows={report.refused}
              rowKey={(r) => r.row}
              columns={[
                { id: 'row', header: t('row'), className: 'tabular-nums', cell: (r) => r.row },
                { id: 'value', header: t('value'), className: 'font-mono', cell: (r) => r.value },
                {
                  id: 'why',
                  header: t('why'),
                  cell: (r) => (r.value.length >= MAX_PHONE_INPUT ? say(r.reason) : phoneRefusalText(tPhone, locale, r.value, defaultCountry, r.reason)),
                },
              ]}
            />
          )}
          {report.refused_total > report.refused.length && (
            <p className="text-xs text-slate-600">{t('firstRefused', { count: report.refused.length })}</p>
          )}
        </div>
      )}
    </div>
  );
}
