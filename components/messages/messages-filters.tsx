import { FilterActions, FilterField, FilterForm, filterControl } from '@/components/ui/filter-form';
import { MESSAGE_STATUSES } from '@/server/contracts/send';

export type FilterValues = { status?: string; sending_type?: string; from?: string; to?: string; phone?: string };

/** The messages list's filters (components/ui/filter-form.tsx); `errorField` marks the field the server refused. */
export function MessagesFilters({ values, errorField }: { values: FilterValues; errorField?: string | null }) {
  const invalid = (f: string) => (errorField === f ? true : undefined);
  return (
    <FilterForm action="/dashboard/messages" label="Filter messages" className="lg:grid-cols-6">
      <FilterField id="f-status" label="Status">
        <select id="f-status" name="status" defaultValue={values.status ?? ''} className={filterControl}>
          <option value="">Any</option>
          {MESSAGE_STATUSES.map((s) => (
            <option key={s} value={s}>{s.replace(/_/g, ' ')}</option>
          ))}
        </select>
      </FilterField>
      <FilterField id="f-type" label="Type">
        <select id="f-type" name="sending_type" defaultValue={values.sending_type ?? ''} className={filterControl}>
          <option value="">Any</option>
          <option value="immediate">immediate</option>
          <option value="scheduled">scheduled</option>
          <option value="recurring">recurring</option>
        </select>
      </FilterField>
      <FilterField id="f-from" label="From">
        <input id="f-from" name="from" type="date" defaultValue={values.from ?? ''} aria-invalid={invalid('from')} className={filterControl} />
      </FilterField>
      <FilterField id="f-to" label="To">
        <input id="f-to" name="to" type="date" defaultValue={values.to ?? ''} aria-invalid={invalid('to')} className={filterControl} />
      </FilterField>
      <FilterField id="f-phone" label="Recipient phone">
        <input id="f-phone" name="phone" type="search" inputMode="tel" defaultValue={values.phone ?? ''} placeholder="e.g. 5555" aria-invalid={invalid('phone')} className={filterControl} />
      </FilterField>
      <FilterActions submit="Filter" clear="Clear" clearHref="/dashboard/messages" />
    </FilterForm>
  );
}
