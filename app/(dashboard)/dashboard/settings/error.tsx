'use client';

import { PageError } from '@/components/ui/page-error';

export default function SettingsError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError title="Settings" error={error} reset={reset} />;
}
