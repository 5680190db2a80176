'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { messageOf } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { SetPlatformPricesInput, SetPricesInput } from '@/server/contracts/operator';
import type { PriceRowView } from '@/server/contracts/wallet-dashboard';

type Row = { key: number; country: string; network: string; prefixes: string; price: string };
const cell = 'block w-full rounded-md border px-2 py-1 text-sm';

let nextKey = 1;
const toRow = (r: Omit<Row, 'key'>): Row => ({ key: nextKey++, ...r });

/**
 * A merchant's pricing rows and default price, saved together (replaces every row); or, without
 * `organizationId`, the platform price list (D13) that prices every merchant without rows of its own.
 */
export function PricingEditor({
  organizationId,
  rows: initial,
  defaultPrice = null,
}: {
  organizationId?: string;
  rows: PriceRowView[];
  defaultPrice?: number | null;
}) {
  const trpc = useTRPC();
  const t = useTranslations('operator.pricing');
  const say = useFieldText();
  const router = useRouter();
  const saveMerchant = useMutation(trpc.operator.setPrices.mutationOptions());
  const savePlatform = useMutation(trpc.operator.setPlatformPrices.mutationOptions());
  const save = organizationId ? saveMerchant : savePlatform;
  const [rows, setRows] = useState<Row[]>(() =>
    initial.map((r) => toRow({ country: r.country, network: r.network, prefixes: r.prefixes.join(','), price: String(r.price) })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const update = (key: number, field: keyof Omit<Row, 'key'>, value: string) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const rowsIn = rows.map(({ country, network, prefixes, price }) => ({ country, network, prefixes, price }));
    const input = organizationId
      ? { organizationId, defaultPrice: String(new FormData(e.currentTarget).get('defaultPrice') ?? '').trim(), rows: rowsIn }
      : { rows: rowsIn };
    const parsed = organizationId ? SetPricesInput.safeParse(input) : SetPlatformPricesInput.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), say(i.message)])));
      setStatus({ tone: 'error', text: t('fix') });
      return;
    }
    setErrors({});
    try {
      const n = organizationId
        ? (await saveMerchant.mutateAsync(input as SetPricesInput)).rows.length
        : (await savePlatform.mutateAsync({ rows: rowsIn })).rows.length;
      setStatus({ tone: 'success', text: t('saved', { count: n }) });
      router.refresh();
    } catch (err) {
      setStatus({ tone: 'error', text: messageOf(err) });
    }
  }

  const err = (i: number, f: string) => errors[`rows.${i}.${f}`];
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('formLabel')}>
      {organizationId && (
      <div className="max-w-xs">
        <Field
          label={t('defaultPrice')}
          name="defaultPrice"
          inputMode="decimal"
          defaultValue={defaultPrice === null ? '' : String(defaultPrice)}
          error={errors.defaultPrice}
          hint={t('defaultPriceHint')}
        />
      </div>
      )}
      <div className={`overflow-x-auto ${rows.length === 0 ? 'hidden' : ''}`}>
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">{t('caption')}</caption>
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">{t('country')}</th>
              <th scope="col" className="py-1 pr-2 font-medium">{t('network')}</th>
              <th scope="col" className="py-1 pr-2 font-medium">{t('prefixes')}</th>
              <th scope="col" className="py-1 pr-2 font-medium">{t('price')}</th>
              <th scope="col" className="py-1 font-medium">
                <span className="sr-only">{t('remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.key} className="align-top">
                {(['country', 'network', 'prefixes', 'price'] as const).map((f) => (
                  <td key={f} className="py-1 pr-2">
                    <input
                      aria-label={t('cellLabel', { row: i + 1, field: t(`fields.${f}`) })}
                      aria-invalid={err(i, f) ? true : undefined}
                      value={r[f]}
                      onChange={(e) => update(r.key, f, e.target.value)}
                      className={`${cell} ${err(i, f) ? 'border-red-600' : 'border-slate-300'} ${f === 'country' ? 'w-16' : ''}`}
                    />
                    {err(i, f) && (
                      <p role="alert" className="mt-1 text-xs text-red-700">
                        {err(i, f)}
                      </p>
                    )}
                  </td>
                ))}
                <td className="py-1">
                  <Button type="button" variant="secondary" className="px-2 py-1" onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))} aria-label={t('removeRow', { row: i + 1 })}>
                    {t('remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && (
        <p className="text-sm text-slate-600">
          {organizationId
            ? t('noRowsMerchant')
            : t('noRowsPlatform')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => setRows((rs) => [...rs, toRow({ country: 'CD', network: '', prefixes: '', price: '' })])}>
          {t('addRow')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('pending') : t('submit')}
        </Button>
      </div>
      <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
    </form>
  );
}
