import { TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';

/** Translates a catalogue error's name (server/errors/codes.ts) into the page's language; null: no translation. */
export type ErrorTranslator = (errorName: string, values: { requestId: string }) => string | null;

/**
 * A dashboard error in the user's language (D23): the server names the catalogue error it answered with, and the
 * page shows that name's translation, or the server's English text when the catalogue has none. The REST API is not
 * concerned: it always answers in English.
 */
export function localizeErrors<TRouter extends AnyRouter>(translate: () => ErrorTranslator): TRPCLink<TRouter> {
  return () =>
    ({ next, op }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (err) => {
            if (err instanceof TRPCClientError) {
              const data = err.data as { errorName?: string | null; requestId?: string | null } | undefined;
              const text = data?.errorName ? translate()(data.errorName, { requestId: data.requestId ?? '' }) : null;
              if (text) err.message = text;
            }
            observer.error(err);
          },
        }),
      );
}
