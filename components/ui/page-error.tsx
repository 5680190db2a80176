'use client';

import { Button } from './button';
import { Alert, PageHeader } from './card';

/** A page that failed to render (error.tsx): announced, with a retry; never internals. */
export function PageError({ title, error, reset }: { title: string; error: Error & { digest?: string }; reset: () => void }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="space-y-4">
        <Alert>
          This page could not be loaded. {error.digest ? `(reference ${error.digest})` : ''} Please try again; if it keeps failing, contact
          support.
        </Alert>
        <Button type="button" onClick={reset}>
          Try again
        </Button>
      </div>
    </>
  );
}
