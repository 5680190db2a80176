import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * Filter forms of the dashboard's lists (messages, ledger): plain GET forms,
 * so the filters live in the URL and pages can be shared, reloaded, rendered
 * on the server and used without JavaScript. One look for every list.
 */
export const filterControl = 'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600';

export function FilterForm({ action, label, className, children }: { action: string; label: string; className: string; children: ReactNode }) {
  return (
    <form method="get" action={action} role="search" aria-label={label} className={`grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:items-end ${className}`}>
      {children}
    </form>
  );
}

/** A labelled control; `id` is the control's id. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The submit button and the link back to the unfiltered list. */
export function FilterActions({ submit, clear, clearHref }: { submit: string; clear: string; clearHref: string }) {
  return (
    <div className="flex gap-2">
      <button type="submit" className="h-10 flex-1 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
        {submit}
      </button>
      <Link href={clearHref} className="flex h-10 items-center rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-50">
        {clear}
      </Link>
    </div>
  );
}
