'use client';

import { PageError } from '@/components/ui/page-error';

export default function OperatorError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError title="Operator console" error={error} reset={reset} />;
}
