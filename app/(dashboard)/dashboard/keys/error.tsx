'use client';

import { PageError } from '@/components/ui/page-error';

export default function KeysError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError page="keys" error={error} reset={reset} />;
}
