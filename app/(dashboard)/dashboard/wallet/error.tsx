'use client';

import { PageError } from '@/components/ui/page-error';

export default function WalletError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError page="wallet" error={error} reset={reset} />;
}
