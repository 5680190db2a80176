/** The loading state of a page (loading.tsx): announced once, shaped like the page. */
export function PageLoading({ title }: { title: string }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse">
      <span className="sr-only">Loading {title}…</span>
      <div className="mb-6 h-8 w-48 rounded bg-slate-200" />
      <div className="space-y-4">
        <div className="h-28 rounded-lg bg-slate-200" />
        <div className="h-64 rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
