'use client';

import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Alert } from './card';
import { fieldErrorsOf, messageOf } from './form-errors';
import { useFieldText } from './field-texts';

export type FormStatus = { tone: 'success' | 'error'; text: string } | null;

/**
 * The submit of a form: the form's values through their zod contract (each issue beside its field, one that names no
 * field as the form's message), then the call; a refusal's field errors go beside their fields, else its message
 * under the form; on success, `done` says what was saved (and may reset, refresh or go on: a status of its own, or
 * none, replaces the success text).
 */
export function useFormSubmit<T, R>(
  parse: (data: FormData) => z.ZodSafeParseResult<T>,
  submit: (input: T) => Promise<R>,
  done: (result: R, form: HTMLFormElement) => string | FormStatus | Promise<string | FormStatus>,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatus>(null);
  const say = useFieldText();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setStatus(null);
    const form = e.currentTarget;
    const parsed = parse(new FormData(form));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues) found[String(i.path[0] ?? 'form')] ??= say(i.message);
      setErrors(found);
      if (found.form) setStatus({ tone: 'error', text: found.form });
      return;
    }
    setErrors({});
    try {
      const said = await done(await submit(parsed.data), form);
      setStatus(typeof said === 'string' ? { tone: 'success', text: said } : said);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) setErrors(fields);
      else setStatus({ tone: 'error', text: messageOf(err) });
    }
  }

  return { errors, status, onSubmit };
}

/** Where a form's outcome is announced. */
export function FormStatusLine({ status }: { status: FormStatus }) {
  return <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>;
}
