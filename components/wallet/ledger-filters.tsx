import { FilterActions, FilterField, FilterForm, filterControl } from '@/components/ui/filter-form';
import type { LedgerFilter } from '@/server/contracts/wallet-dashboard';

/** The ledger's filters (components/ui/filter-form.tsx); the CSV link uses the same query. */
export function LedgerFilters({ filter, csvHref, timeZone }: { filter: Partial<LedgerFilter>; csvHref: string; timeZone: string }) {
  return (
    <FilterForm action="/dashboard/wallet" label="Ledger filters" className="lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
      <FilterField id="f-wallet" label="Filter by wallet">
        <select id="f-wallet" name="wallet" defaultValue={filter.wallet ?? ''} className={filterControl}>
          <option value="">Both</option>
          <option value="prepaid">Prepaid</option>
          <option value="postpaid">Postpaid</option>
        </select>
      </FilterField>
      <FilterField id="f-type" label="Filter by type">
        <select id="f-type" name="type" defaultValue={filter.type ?? ''} className={filterControl}>
          <option value="">All</option>
          <option value="top_up">Top-up</option>
          <option value="charge">Charge</option>
          <option value="refund">Refund</option>
          <option value="adjustment">Adjustment</option>
        </select>
      </FilterField>
      <FilterField id="f-from" label="From date">
        <input id="f-from" type="date" name="from" defaultValue={filter.from ?? ''} className={filterControl} aria-describedby="f-tz" />
      </FilterField>
      <FilterField id="f-to" label="To date">
        <input id="f-to" type="date" name="to" defaultValue={filter.to ?? ''} className={filterControl} aria-describedby="f-tz" />
      </FilterField>
      <FilterActions submit="Apply" clear="Reset" clearHref="/dashboard/wallet" />
      <p id="f-tz" className="text-xs text-slate-600 sm:col-span-2 lg:col-span-5">
        Dates are whole days in {timeZone}, both included.{' '}
        <a href={csvHref} className="font-medium text-blue-700 underline" download>
          Download CSV
        </a>{' '}
        (every row matching these filters).
      </p>
    </FilterForm>
  );
}
