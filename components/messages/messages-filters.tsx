import Link from 'next/link';
import { MESSAGE_STATUSES } from '@/server/contracts/send';

export type FilterValues = { status?: string; sending_type?: string; from?: string; to?: string; phone?: string };

const control = 'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600';

/** A plain GET form: the filters live in the URL, so pages can be shared, reloaded and used without JavaScript. */
export function MessagesFilters({ values, errorField }: { values: FilterValues; errorField?: string | null }) {
  const invalid = (f: string) => (errorField === f ? true : undefined);
  return (
    <form method="get" action="/dashboard/messages" role="search" aria-label="Filter messages" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
      <div>
        <label htmlFor="f-status" className="mb-1 block text-xs font-medium text-slate-800">Status</label>
        <select id="f-status" name="status" defaultValue={values.status ?? ''} className={control}>
          <option value="">Any</option>
          {MESSAGE_STATUSES.map((s) => (
            <option key={s} value={s}>{s.replace(/_/g, ' ')}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="f-type" className="mb-1 block text-xs font-medium text-slate-800">Type</label>
        <select id="f-type" name="sending_type" defaultValue={values.sending_type ?? ''} className={control}>
          <option value="">Any</option>
          <option value="immediate">immediate</option>
          <option value="scheduled">scheduled</option>
          <option value="recurring">recurring</option>
        </select>
      </div>
      <div>
        <label htmlFor="f-from" className="mb-1 block text-xs font-medium text-slate-800">From</label>
        <input id="f-from" name="from" type="date" defaultValue={values.from ?? ''} aria-invalid={invalid('from')} className={control} />
      </div>
      <div>
        <label htmlFor="f-to" className="mb-1 block text-xs font-medium text-slate-800">To</label>
        <input id="f-to" name="to" type="date" defaultValue={values.to ?? ''} aria-invalid={invalid('to')} className={control} />
      </div>
      <div>
        <label htmlFor="f-phone" className="mb-1 block text-xs font-medium text-slate-800">Recipient phone</label>
        <input id="f-phone" name="phone" type="search" inputMode="tel" defaultValue={values.phone ?? ''} placeholder="e.g. 5555" aria-invalid={invalid('phone')} className={control} />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="h-10 flex-1 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
          Filter
        </button>
        <Link href="/dashboard/messages" className="flex h-10 items-center rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-50">
          Clear
        </Link>
      </div>
    </form>
  );
}
