'use client';

import { PageError } from '@/components/ui/page-error';

export default function WalletError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError title="Wallet" error={error} reset={reset} />;
}
