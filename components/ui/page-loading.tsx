import { useTranslations } from 'next-intl';
import type { PageKey } from './page-error';

/** The loading state of a page (loading.tsx): announced once, shaped like the page. */
export function PageLoading({ page }: { page: PageKey }) {
  const t = useTranslations();
  return (
    <div role="status" aria-live="polite" className="animate-pulse">
      <span className="sr-only">{t('common.loadingPage', { page: t(`pages.${page}`) })}</span>
      <div className="mb-6 h-8 w-48 rounded bg-slate-200" />
      <div className="space-y-4">
        <div className="h-28 rounded-lg bg-slate-200" />
        <div className="h-64 rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
