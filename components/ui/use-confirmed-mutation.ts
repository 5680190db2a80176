'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { messageOf } from './form-errors';

type Mutation<TData, TVariables> = { mutateAsync: (variables: TVariables) => Promise<TData>; isPending: boolean };

/**
 * Confirm-then-mutate: `ask()` opens a ConfirmDialog (spread `dialog` on it); confirming runs the mutation with
 * `variables`, closes the
 * dialog and, unless `refresh: false`, reloads the page's server data. A failure stays in the dialog, or, with
 * `onError`, closes it and goes to the caller (a row that shows its own errors). With `keepResult` the mutation's
 * answer is kept in `shown` until `dismiss()`: the secrets shown once (a key, a signing secret, an SMPP password).
 */
export function useConfirmedMutation<TData, TVariables>(
  mutation: Mutation<TData, TVariables>,
  variables: TVariables,
  options: { refresh?: boolean; keepResult?: boolean; onError?: (message: string) => void } = {},
) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<TData | null>(null);

  async function onConfirm() {
    setError(null);
    try {
      const result = await mutation.mutateAsync(variables);
      if (options.keepResult) setShown(result);
      setOpen(false);
      if (options.refresh !== false) router.refresh();
    } catch (err) {
      if (!options.onError) return setError(messageOf(err));
      setOpen(false);
      options.onError(messageOf(err));
    }
  }

  return {
    ask: () => setOpen(true),
    shown,
    dismiss: () => setShown(null),
    dialog: {
      open,
      pending: mutation.isPending,
      error,
      onConfirm,
      onClose: () => {
        setOpen(false);
        setError(null);
      },
    },
  };
}
