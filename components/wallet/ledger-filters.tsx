import { useTranslations } from 'next-intl';
import { FilterActions, FilterField, FilterForm, filterControl } from '@/components/ui/filter-form';
import type { LedgerFilter } from '@/shared/contracts/wallet-dashboard';

const LEDGER_TYPES = ['top_up', 'charge', 'refund', 'adjustment'] as const;

/** The ledger's filters (components/ui/filter-form.tsx); the CSV link uses the same query. */
export function LedgerFilters({ filter, csvHref, timeZone }: { filter: Partial<LedgerFilter>; csvHref: string; timeZone: string }) {
  const t = useTranslations('wallet');
  return (
    <FilterForm action="/dashboard/wallet" label={t('filters.label')} className="lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
      <FilterField id="f-wallet" label={t('filters.wallet')}>
        <select id="f-wallet" name="wallet" defaultValue={filter.wallet ?? ''} className={filterControl}>
          <option value="">{t('filters.both')}</option>
          <option value="prepaid">{t('filters.prepaid')}</option>
          <option value="postpaid">{t('filters.postpaid')}</option>
        </select>
      </FilterField>
      <FilterField id="f-type" label={t('filters.type')}>
        <select id="f-type" name="type" defaultValue={filter.type ?? ''} className={filterControl}>
          <option value="">{t('filters.all')}</option>
          {LEDGER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`ledgerTable.types.${type}`)}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="f-from" label={t('filters.from')}>
        <input id="f-from" type="date" name="from" defaultValue={filter.from ?? ''} className={filterControl} aria-describedby="f-tz" />
      </FilterField>
      <FilterField id="f-to" label={t('filters.to')}>
        <input id="f-to" type="date" name="to" defaultValue={filter.to ?? ''} className={filterControl} aria-describedby="f-tz" />
      </FilterField>
      <FilterActions submit={t('filters.submit')} clear={t('filters.clear')} clearHref="/dashboard/wallet" />
      <p id="f-tz" className="text-xs text-slate-600 sm:col-span-2 lg:col-span-5">
        {t.rich('filters.note', {
          timeZone,
          link: (c) => (
            <a href={csvHref} className="font-medium text-blue-700 underline" download>
              {c}
            </a>
          ),
        })}
      </p>
    </FilterForm>
  );
}
