'use client';

import { PageError } from '@/components/ui/page-error';

export default function CalculatorError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError page="calculator" error={error} reset={reset} />;
}
