'use client';

import { PageError } from '@/components/ui/page-error';

export default function InboxError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError page="inbox" error={error} reset={reset} />;
}
