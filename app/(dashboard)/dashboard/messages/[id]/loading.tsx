import { useTranslations } from 'next-intl';

export default function Loading() {
  const t = useTranslations();
  return (
    <div role="status" aria-busy="true" className="animate-pulse space-y-6">
      <span className="sr-only">{t('common.loadingPage', { page: t('pages.message') })}</span>
      <div className="h-8 w-56 rounded bg-slate-200" />
      <div className="h-40 rounded-lg bg-slate-200" />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="h-40 rounded-lg bg-slate-200" />
        <div className="h-40 rounded-lg bg-slate-200" />
      </div>
      <div className="h-64 rounded-lg bg-slate-200" />
    </div>
  );
}
