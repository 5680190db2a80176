import type { ErrorBody, FieldError } from './types.js';

/**
 * What a method throws when the service answers an error (D7): the HTTP status, the catalogue code (`'1202'`; absent
 * for `{detail}` bodies: authentication, lookups, the calculator's 400s), the message, the validation errors by JSON
 * path, and `retryAfter` (seconds) on a 429.
 */
export class SmsApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldError[];
  readonly retryAfter: number | undefined;
  readonly body: ErrorBody | undefined;

  constructor(status: number, body: unknown, retryAfter?: number) {
    const b = (body && typeof body === 'object' ? body : undefined) as Partial<Record<string, unknown>> | undefined;
    const message = typeof b?.message === 'string' ? b.message : typeof b?.detail === 'string' ? b.detail : `HTTP ${status}`;
    super(message);
    this.name = 'SmsApiError';
    this.status = status;
    this.code = typeof b?.error_code === 'string' ? b.error_code : undefined;
    this.errors = Array.isArray(b?.errors) ? (b.errors as FieldError[]) : [];
    this.retryAfter = retryAfter ?? (typeof b?.retry_after === 'number' ? b.retry_after : undefined);
    this.body = b as ErrorBody | undefined;
  }
}

/** verifyWebhook's refusal: a missing header, a bad signature, or a timestamp more than 5 minutes away. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}
