'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { formatNumber } from '@/components/ui/format';
import { ImportReport, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '@/server/contracts/opt-outs';

/**
 * Developer or owner: a CSV file (phones in its first column) in one request to
 * /dashboard/opt-outs/import (server/api/opt-outs-csv.ts), then the report:
 * how many were added or already listed, and each refused row.
 */
export function ImportOptOuts() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const file = data.get('file');
    setError(null);
    setReport(null);
    if (!(file instanceof File) || file.size === 0) return setError('Choose a CSV file.');
    if (file.size > MAX_IMPORT_BYTES) return setError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
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
        setError(text.startsWith('{') ? (JSON.parse(text) as { message?: string }).message ?? 'The import failed.' : text.trim());
        return;
      }
      setReport(ImportReport.parse(await res.json()));
      router.refresh();
    } catch {
      setError('The import failed: check your connection and try again.');
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Import a CSV of phones">
        {error && <Alert>{error}</Alert>}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="opt-out-file" className="mb-1 block text-sm font-medium text-slate-800">
              CSV file
            </label>
            <input id="opt-out-file" name="file" type="file" accept=".csv,text/csv,text/plain" aria-describedby="opt-out-file-hint" className="block w-full text-sm" />
            <p id="opt-out-file-hint" className="mt-1 text-xs text-slate-600">
              Phones in the first column, up to {formatNumber(MAX_IMPORT_ROWS)} rows; a header row is skipped.
            </p>
          </div>
          <Field label="Reason (optional)" name="reason" maxLength={200} />
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Importing…' : 'Import'}
        </Button>
      </form>
      {report && (
        <div className="space-y-2">
          <Alert tone={report.refused_total ? 'warning' : 'success'}>
            {formatNumber(report.rows)} rows read: {formatNumber(report.added)} added, {formatNumber(report.already)} already on the list,{' '}
            {formatNumber(report.refused_total)} refused.
          </Alert>
          {report.refused_total > 0 && (
            <table className="w-full text-left text-sm" aria-label="Refused rows">
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-600">
                  <th className="py-1 pr-3">Row</th>
                  <th className="py-1 pr-3">Value</th>
                  <th className="py-1">Why</th>
                </tr>
              </thead>
              <tbody>
                {report.refused.map((r) => (
                  <tr key={r.row} className="border-b border-slate-100">
                    <td className="py-1 pr-3 tabular-nums">{r.row}</td>
                    <td className="py-1 pr-3 font-mono">{r.value}</td>
                    <td className="py-1">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {report.refused_total > report.refused.length && (
            <p className="text-xs text-slate-600">The first {formatNumber(report.refused.length)} refused rows are listed.</p>
          )}
        </div>
      )}
    </div>
  );
}
