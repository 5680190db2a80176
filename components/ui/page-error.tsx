'use client';

import { useTranslations, type Messages } from 'next-intl';
import { Button } from './button';
import { Alert, PageHeader } from './card';

/** A page's name in the catalogue (`pages.wallet`): titles, navigation, loading and error states. */
export type PageKey = keyof Messages['pages'];

/** A page that failed to render (error.tsx): announced, with a retry; never internals. */
export function PageError({ page, error, reset }: { page: PageKey; error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations();
  return (
    <>
      <PageHeader title={t(`pages.${page}`)} />
      <div className="space-y-4">
        <Alert>
          {t('common.pageFailedDetail')} {error.digest ? t('common.pageFailedReference', { digest: error.digest }) : ''}
        </Alert>
        <Button type="button" onClick={reset}>
          {t('common.tryAgain')}
        </Button>
      </div>
    </>
  );
}
