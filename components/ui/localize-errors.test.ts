import { TRPCClientError } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { localizeErrors } from './localize-errors';

/** What the link hands the form: the error a server answer with this message and data becomes. */
function through(message: string, data: Record<string, unknown>, field: (text: string) => string, error: (name: string) => string | null = () => null) {
  const link = localizeErrors(() => (name) => error(name), () => field)({} as never);
  const failing = TRPCClientError.from({ error: { message, code: -32600, data } } as never);
  return new Promise<{ message: string; data: { fieldErrors?: unknown } }>((resolve) => {
    link({ op: {} as never, next: () => observable((o) => o.error(failing)) }).subscribe({ error: (e) => resolve(e as never) });
  });
}

describe('localizeErrors (D23)', () => {
  const french = (text: string) => (text === 'must not be empty' ? 'ne doit pas être vide' : text);

  it("says each field error in the page's language", async () => {
    const err = await through('A field has an invalid format.', { errorName: 'INVALID_FIELD_FORMAT', fieldErrors: [{ field: 'message', message: 'must not be empty' }, { field: 'to[0]', message: 'as the server wrote it' }] }, french, () => "Un champ n'a pas le bon format.");
    expect(err.data.fieldErrors).toEqual([
      { field: 'message', message: 'ne doit pas être vide' },
      { field: 'to[0]', message: 'as the server wrote it' },
    ]);
    expect(err.message).toBe("Un champ n'a pas le bon format.");
  });

  it('prefers the field translation of a validation text given as the message (the calculator)', async () => {
    const err = await through('must not be empty', { errorName: 'INVALID_INPUT' }, french, () => 'Le contenu envoyé doit être un objet JSON.');
    expect(err.message).toBe('ne doit pas être vide');
  });
});
