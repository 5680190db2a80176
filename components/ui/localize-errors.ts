import { TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';

/** Translates a catalogue error's name (shared/errors/codes.ts) into the page's language; null: no translation. */
export type ErrorTranslator = (errorName: string, values: { requestId: string }) => string | null;

/** A field's validation text in the page's language (components/ui/field-texts.ts); the text itself when none. */
export type FieldTranslator = (text: string) => string;

/**
 * A dashboard error in the user's language (D23): the server names the catalogue error it answered with, and the
 * page shows that name's translation, or the server's English text when the catalogue has none. Field errors
 * (`data.fieldErrors`) and a validation text given as the message (the calculator's) are said from their codes
 * (shared/validation/field-problems.ts). The REST API is not concerned: it always answers in English.
 */
export function localizeErrors<TRouter extends AnyRouter>(translate: () => ErrorTranslator, translateField: () => FieldTranslator = () => (text) => text): TRPCLink<TRouter> {
  return () =>
    ({ next, op }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (err) => {
            if (err instanceof TRPCClientError) {
              const data = err.data as { errorName?: string | null; requestId?: string | null; fieldErrors?: Array<{ field: string; message: string }> | null } | undefined;
              const field = translateField();
              if (data?.fieldErrors) data.fieldErrors = data.fieldErrors.map((e) => ({ ...e, message: field(e.message) }));
              const asField = field(err.message);
              const text = asField !== err.message ? asField : data?.errorName ? translate()(data.errorName, { requestId: data.requestId ?? '' }) : null;
              if (text) err.message = text;
            }
            observer.error(err);
          },
        }),
      );
}
