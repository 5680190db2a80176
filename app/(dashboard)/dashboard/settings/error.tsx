'use client';

import { PageError } from '@/components/ui/page-error';

export default function SettingsError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError page="settings" error={error} reset={reset} />;
}
