'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { FormStatusLine, type FormStatus } from '@/components/ui/use-form-submit';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { messageOf } from '@/components/ui/form-errors';
import { useFieldText } from '@/components/ui/field-texts';
import { SetPlatformPricesInput, SetPricesInput } from '@/shared/contracts/operator';
import type { PriceRowView } from '@/shared/contracts/wallet-dashboard';

type Row = { key: number; country: string; network: string; prefixes: string; price: string };
const cell = 'block w-full rounded-md border px-2 py-1 text-sm';

const FIELDS = ['country', 'network', 'prefixes', 'price'] as const;

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
  const [status, setStatus] = useState<FormStatus>(null);

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
      <DataTable
        caption={t('caption')}
        look="dense"
        className="min-w-[44rem]"
        frameClassName={rows.length === 0 ? 'hidden' : undefined}
        rowClassName="align-top"
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          ...FIELDS.map((f): Column<Row> => ({ id: f, header: t(f), cell: (r, i) => <PriceCell row={r} index={i} field={f} error={err(i, f)} onChange={update} /> })),
          {
            id: 'remove',
            header: t('remove'),
            hiddenHeader: true,
            cell: (r, i) => (
              <Button type="button" variant="secondary" className="px-2 py-1" onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))} aria-label={t('removeRow', { row: i + 1 })}>
                {t('remove')}
              </Button>
            ),
          },
        ]}
      />
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
      <FormStatusLine status={status} />
    </form>
  );
}

/** One editable cell of a pricing row, with its error under it. */
function PriceCell({ row, index, field, error, onChange }: { row: Row; index: number; field: (typeof FIELDS)[number]; error?: string; onChange: (key: number, field: (typeof FIELDS)[number], value: string) => void }) {
  const t = useTranslations('operator.pricing');
  return (
    <>
      <input
        aria-label={t('cellLabel', { row: index + 1, field: t(`fields.${field}`) })}
        aria-invalid={error ? true : undefined}
        value={row[field]}
        onChange={(e) => onChange(row.key, field, e.target.value)}
        className={`${cell} ${error ? 'border-red-600' : 'border-slate-300'} ${field === 'country' ? 'w-16' : ''}`}
      />
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
