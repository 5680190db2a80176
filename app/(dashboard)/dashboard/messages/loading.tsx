import { useTranslations } from 'next-intl';

export default function Loading() {
  const t = useTranslations();
  return (
    <div role="status" aria-busy="true" className="animate-pulse space-y-4">
      <span className="sr-only">{t('common.loadingPage', { page: t('pages.messages') })}</span>
      <div className="h-8 w-40 rounded bg-slate-200" />
      <div className="h-20 rounded-lg bg-slate-200" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="h-10 rounded bg-slate-200" />
      ))}
    </div>
  );
}
