'use client';

import { PageError } from '@/components/ui/page-error';

export default function InboxError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError title="Inbox" error={error} reset={reset} />;
}
