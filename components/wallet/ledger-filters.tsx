import Link from 'next/link';
import type { LedgerFilter } from '@/server/contracts/wallet-dashboard';

const control = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600';

/** A plain GET form: the filters live in the URL, so the page renders on the server and the CSV link uses the same query. */
export function LedgerFilters({ filter, csvHref, timeZone }: { filter: Partial<LedgerFilter>; csvHref: string; timeZone: string }) {
  return (
    <form method="get" action="/dashboard/wallet" className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]" aria-label="Ledger filters">
      <div>
        <label htmlFor="f-wallet" className="block text-sm font-medium text-slate-800">
          Filter by wallet
        </label>
        <select id="f-wallet" name="wallet" defaultValue={filter.wallet ?? ''} className={control}>
          <option value="">Both</option>
          <option value="prepaid">Prepaid</option>
          <option value="postpaid">Postpaid</option>
        </select>
      </div>
      <div>
        <label htmlFor="f-type" className="block text-sm font-medium text-slate-800">
          Filter by type
        </label>
        <select id="f-type" name="type" defaultValue={filter.type ?? ''} className={control}>
          <option value="">All</option>
          <option value="top_up">Top-up</option>
          <option value="charge">Charge</option>
          <option value="refund">Refund</option>
          <option value="adjustment">Adjustment</option>
        </select>
      </div>
      <div>
        <label htmlFor="f-from" className="block text-sm font-medium text-slate-800">
          From date
        </label>
        <input id="f-from" type="date" name="from" defaultValue={filter.from ?? ''} className={control} aria-describedby="f-tz" />
      </div>
      <div>
        <label htmlFor="f-to" className="block text-sm font-medium text-slate-800">
          To date
        </label>
        <input id="f-to" type="date" name="to" defaultValue={filter.to ?? ''} className={control} aria-describedby="f-tz" />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
          Apply
        </button>
        <Link href="/dashboard/wallet" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm text-slate-800 hover:bg-slate-50">
          Reset
        </Link>
      </div>
      <p id="f-tz" className="text-xs text-slate-600 sm:col-span-2 lg:col-span-5">
        Dates are whole days in {timeZone}, both included.{' '}
        <a href={csvHref} className="font-medium text-blue-700 underline" download>
          Download CSV
        </a>{' '}
        (every row matching these filters).
      </p>
    </form>
  );
}
