'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/** A dashboard page failed to render: say so (announced, focused) and offer a retry. */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="rounded-md border border-red-300 bg-red-50 p-5 text-red-900 focus:outline-2 focus:outline-red-700">
      <h1 className="text-lg font-semibold">This page could not be loaded</h1>
      <p className="mt-1 text-sm">{error.message && !error.digest ? error.message : 'Something went wrong. Please try again.'}</p>
      <Button variant="secondary" className="mt-4" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
