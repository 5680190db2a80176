'use client';

import { PageError } from '@/components/ui/page-error';

export default function OptOutsError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError page="optOuts" error={error} reset={reset} />;
}
