import { TRPCClientError } from '@trpc/client';

/** Field errors of a failed tRPC call (server-side validation, JSON paths as keys), for showing in place. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  if (!(err instanceof TRPCClientError)) return {};
  const list = (err.data as { fieldErrors?: Array<{ field: string; message: string }> | null } | undefined)?.fieldErrors ?? [];
  return Object.fromEntries(list.map((e) => [e.field, e.message]));
}

/** The form-level message of a failed call: the catalogue text, never internals. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
}

/** A failed call's field errors go beside their fields; without any, its message goes to the form. */
export function showServerError(err: unknown, setFieldErrors: (fields: Record<string, string>) => void, setFormMessage: (text: string) => void): void {
  const fields = fieldErrorsOf(err);
  if (Object.keys(fields).length) setFieldErrors(fields);
  else setFormMessage(messageOf(err));
}
