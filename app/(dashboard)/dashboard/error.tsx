'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/** A dashboard page failed to render: say so (announced, focused) and offer a retry. */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('common');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="rounded-md border border-red-300 bg-red-50 p-5 text-red-900 focus:outline-2 focus:outline-red-700">
      <h1 className="text-lg font-semibold">{t('pageFailed')}</h1>
      <p className="mt-1 text-sm">{error.message && !error.digest ? error.message : t('somethingWrong')}</p>
      <Button variant="secondary" className="mt-4" onClick={reset}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}
