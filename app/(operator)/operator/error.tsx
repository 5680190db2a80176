'use client';

import { PageError } from '@/components/ui/page-error';

export default function OperatorError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError page="operatorConsole" error={error} reset={reset} />;
}
