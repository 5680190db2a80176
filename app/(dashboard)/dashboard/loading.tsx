import { useTranslations } from 'next-intl';

/** Shown while a dashboard page renders on the server. */
export default function Loading() {
  const t = useTranslations('common');
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="animate-pulse space-y-6">
      <span className="sr-only">{t('loading')}</span>
      <div className="h-8 w-48 rounded bg-slate-200" />
      <div className="grid gap-6 md:grid-cols-3">
        <div className="h-32 rounded-lg bg-slate-200" />
        <div className="h-32 rounded-lg bg-slate-200" />
        <div className="h-32 rounded-lg bg-slate-200" />
      </div>
      <div className="h-64 rounded-lg bg-slate-200" />
    </div>
  );
}
