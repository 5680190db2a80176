/**
 * The one error catalogue (decisions D7). Two body shapes exist:
 * - `envelope`: `{success:false, status_code, error_code, message, detail, errors?, retry_after?}`
 *   for every coded error (1001-1599, a code never changes meaning);
 * - `detail`: exactly `{detail}` for authentication, lookups and the calculator/balance 400s,
 *   whose texts the spec fixes.
 * Domain code throws `new ApiError(name, ...)`; server/errors/to-rest.ts and
 * to-trpc.ts are the only translations.
 */
type EnvelopeEntry = { shape: 'envelope'; code: string; http: number; message: string };
type DetailEntry = { shape: 'detail'; http: number; detail: string };

export const ERRORS = {
  // ---- coded errors (envelope) ----
  INVALID_REQUEST: { shape: 'envelope', code: '1100', http: 400, message: 'The request is not valid JSON, not an object, or a field has the wrong type.' },
  MISSING_FIELD: { shape: 'envelope', code: '1101', http: 400, message: 'A required field is missing.' },
  PAYLOAD_TOO_LARGE: { shape: 'envelope', code: '1103', http: 413, message: 'The request body is larger than 256 KB.' },
  INVALID_FIELD_FORMAT: { shape: 'envelope', code: '1110', http: 400, message: 'A field has an invalid format.' },
  SCHEDULE_IN_PAST: { shape: 'envelope', code: '1120', http: 400, message: 'The schedule is in the past.' },
  LIMIT_EXCEEDED: { shape: 'envelope', code: '1121', http: 400, message: 'A limit of the request is exceeded.' },
  ALL_RECIPIENTS_OPTED_OUT: { shape: 'envelope', code: '1130', http: 400, message: 'Every recipient is on the opt-out list: nothing was sent or charged.' },
  NO_ROUTE: { shape: 'envelope', code: '1132', http: 400, message: 'No carrier route for any recipient: nothing was sent or charged.' },
  OPT_OUT_BY_SUBSCRIBER: { shape: 'envelope', code: '1131', http: 409, message: "This phone opted out by replying STOP: only the subscriber's own START can remove it." },
  /** D22: a numeric sender_id that is none of the organization's numbers, or (live) an alphanumeric one not approved for it. */
  SENDER_ID_NOT_ALLOWED: {
    shape: 'envelope',
    code: '1140',
    http: 400,
    message: 'This sender_id is not allowed: use one of your approved sender IDs or one of your own numbers.',
  },
  /** D22: POST /sender-ids of a sender ID the organization already has pending or approved. */
  SENDER_ID_EXISTS: { shape: 'envelope', code: '1141', http: 409, message: 'This sender ID is already pending or approved for your organization.' },
  INSUFFICIENT_BALANCE: { shape: 'envelope', code: '1202', http: 402, message: 'Insufficient balance for this send.' },
  RATE_LIMIT_EXCEEDED: { shape: 'envelope', code: '1301', http: 429, message: 'Rate limit exceeded. Retry after the number of seconds in retry_after.' },
  SUSPICIOUS_ACTIVITY: { shape: 'envelope', code: '1302', http: 429, message: 'This key is temporarily suspended for repeatedly exceeding its rate limit.' },
  INVALID_STATE: { shape: 'envelope', code: '1402', http: 409, message: 'This action is not allowed in the current state of the send.' },
  ROUTE_NOT_FOUND: { shape: 'envelope', code: '1404', http: 404, message: 'No such endpoint. See GET /api/v1/svc/sms-api/openapi.json.' },
  METHOD_NOT_ALLOWED: { shape: 'envelope', code: '1405', http: 405, message: 'This method is not allowed on this endpoint; the Allow header lists those that are.' },
  IDEMPOTENCY_CONFLICT: { shape: 'envelope', code: '1409', http: 409, message: 'This Idempotency-Key was already used with a different request body.' },
  INTERNAL_ERROR: { shape: 'envelope', code: '1500', http: 500, message: 'An unexpected error occurred. Please try again.' },
  SERVICE_UNAVAILABLE: { shape: 'envelope', code: '1503', http: 503, message: 'The service is temporarily unavailable. Please try again.' },

  // ---- authentication (detail; texts from the spec) ----
  AUTH_MISSING_KEY: { shape: 'detail', http: 401, detail: 'Missing app-key header. Please provide a valid app-key.' },
  AUTH_EMPTY_KEY: { shape: 'detail', http: 401, detail: 'Empty app-key header. Please provide a valid app-key.' },
  AUTH_INVALID_KEY: { shape: 'detail', http: 401, detail: 'Invalid app-key. Please provide a valid app-key.' },
  KEY_PENDING_VALIDATION: { shape: 'detail', http: 403, detail: 'Gateway app is pending validation. Please contact support.' },
  KEY_SUSPENDED: { shape: 'detail', http: 403, detail: 'Gateway app is suspended. Please contact support.' },
  KEY_REVOKED: { shape: 'detail', http: 403, detail: 'Gateway app has been revoked. Please contact support.' },
  KEY_LOCKED: { shape: 'detail', http: 403, detail: 'Gateway app is locked. Please contact support.' },
  KEY_EXPIRED: { shape: 'detail', http: 403, detail: 'Gateway app has expired. Please contact support.' },
  KEY_REJECTED: { shape: 'detail', http: 403, detail: 'Gateway app has been rejected. Please contact support.' },
  AUTH_UNAVAILABLE: { shape: 'detail', http: 500, detail: 'Authentication service temporarily unavailable. Please try again.' },

  // ---- dashboard and console (tRPC only) ----
  UNAUTHENTICATED: { shape: 'detail', http: 401, detail: 'Please sign in.' },
  FORBIDDEN_ROLE: { shape: 'detail', http: 403, detail: 'Your role does not allow this action.' },
  PASSWORD_CHANGE_REQUIRED: { shape: 'detail', http: 403, detail: 'Replace your one-time password before anything else.' },
  /** Also REST: DELETE /opt-outs/{phone} of a phone not on the list (D19). */
  NOT_FOUND: { shape: 'detail', http: 404, detail: 'Not found' },
  LAST_OWNER: { shape: 'detail', http: 409, detail: 'The last owner cannot be removed or demoted: make someone else an owner first.' },
  CONNECTOR_EXISTS: { shape: 'detail', http: 409, detail: 'A connector with this name already exists.' },
  /** D18: the number (or short code + keyword) belongs to an app already; the thrower names which. */
  NUMBER_TAKEN: { shape: 'detail', http: 409, detail: 'This number, or this short code and keyword, is already assigned to an app.' },
  /** D22: approve/reject of a sender ID no longer pending, revoke of one not approved, withdraw of one decided. */
  SENDER_ID_STATE: { shape: 'detail', http: 409, detail: 'This sender ID is not in a state that allows this action.' },
  TOP_UP_ALREADY_DECIDED: { shape: 'detail', http: 409, detail: 'This top-up request was already confirmed or rejected.' },

  // ---- lookups and the simple endpoints (detail) ----
  MESSAGE_NOT_FOUND: { shape: 'detail', http: 404, detail: 'Message not found' },
  /** D24: a send of the caller's organization accepted more than RETENTION_DAYS ago (its rows are, or will be, dropped). */
  MESSAGE_EXPIRED: { shape: 'detail', http: 404, detail: 'Message expired' },
  WALLET_NOT_FOUND: { shape: 'detail', http: 400, detail: 'No wallet found for this organization. Please contact support to open one.' },
  /** A 400 of a `{detail}`-style endpoint (the calculator): the thrower passes the exact text. */
  INVALID_INPUT: { shape: 'detail', http: 400, detail: 'The request body must be a JSON object.' },
  NO_PRICING: { shape: 'detail', http: 400, detail: 'No pricing configured for this merchant. Please contact support.' },
} as const satisfies Record<string, EnvelopeEntry | DetailEntry>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorEntry = EnvelopeEntry | DetailEntry;
