import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { appRouter } from '@/server/api/root';
import type { Meta } from '@/server/api/trpc';
import { ERRORS, type ErrorName } from '@/shared/errors/codes';
import pkg from '@/package.json';
import { WEBHOOK_EVENTS } from '@/shared/contracts/webhook-events';
import { buildRoutes, REST_PREFIX } from './routes';


type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const ERROR_SCHEMAS: Record<string, Json> = {
  ErrorDetail: {
    type: 'object',
    required: ['detail'],
    properties: { detail: { type: 'string' } },
    description: 'Authentication, lookup (404), GET /balance 400 and POST /calculate 400 errors.',
  },
  ErrorEnvelope: {
    type: 'object',
    required: ['success', 'status_code', 'error_code', 'message', 'detail'],
    properties: {
      success: { type: 'boolean', const: false },
      status_code: { type: 'integer' },
      error_code: { type: 'string', description: 'Catalogue code, 1001-1599; never changes meaning.' },
      message: { type: 'string' },
      detail: { type: 'string', description: 'Same as message.' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field', 'message'],
          properties: { field: { type: 'string', example: 'to[3]' }, message: { type: 'string' } },
        },
      },
    },
  },
  RateLimitError: {
    allOf: [
      ref('ErrorEnvelope'),
      { type: 'object', required: ['retry_after'], properties: { retry_after: { type: 'integer', minimum: 1 } } },
    ],
  },
};

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { schema: { type: 'integer' }, description: 'Requests allowed per 60 s window for this bucket and key.' },
  'RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left in the current window.' },
  'RateLimit-Reset': { schema: { type: 'integer' }, description: 'Seconds until a slot frees.' },
};

function describe(names: ErrorName[]): string {
  return names
    .map((n) => {
      const e = ERRORS[n];
      return e.shape === 'detail' ? `\`${e.detail}\`` : `${e.code} ${n}`;
    })
    .join('; ');
}

function errorResponses(meta: Meta, hasBody: boolean): Record<string, Json> {
  const names = new Set<ErrorName>(meta.errors ?? []);
  // Every endpoint with a body: malformed JSON (1100, or the `{detail}` text where the spec fixes 400 bodies) and over 256 KB (1103).
  if (hasBody) for (const n of [meta.validation === 'detail' ? 'INVALID_INPUT' : 'INVALID_REQUEST', 'PAYLOAD_TOO_LARGE'] as const) names.add(n);
  if (meta.openapi?.protect !== false) {
    for (const n of ['AUTH_MISSING_KEY', 'AUTH_EMPTY_KEY', 'AUTH_INVALID_KEY', 'KEY_PENDING_VALIDATION', 'KEY_SUSPENDED', 'KEY_REVOKED', 'KEY_LOCKED', 'KEY_EXPIRED', 'KEY_REJECTED', 'AUTH_UNAVAILABLE'] as const) names.add(n);
    names.add('SERVICE_UNAVAILABLE');
  }
  if (meta.rateLimit) for (const n of ['RATE_LIMIT_EXCEEDED', 'SUSPICIOUS_ACTIVITY'] as const) names.add(n);
  names.add('INTERNAL_ERROR');
  const byStatus = new Map<number, ErrorName[]>();
  for (const n of names) byStatus.set(ERRORS[n].http, [...(byStatus.get(ERRORS[n].http) ?? []), n]);
  const out: Record<string, Json> = {};
  for (const [status, group] of byStatus) {
    const detail = group.filter((n) => ERRORS[n].shape === 'detail');
    const envelope = group.filter((n) => ERRORS[n].shape === 'envelope');
    const schemas = [
      ...(detail.length ? [ref('ErrorDetail')] : []),
      ...(envelope.length ? [ref(status === 429 ? 'RateLimitError' : 'ErrorEnvelope')] : []),
    ];
    // anyOf: an envelope body also has a `detail`, so it matches ErrorDetail too (oneOf would reject it).
    out[String(status)] = {
      description: describe(group),
      content: { 'application/json': { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } } },
      ...(status === 429
        ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Same value as retry_after.' }, ...RATE_LIMIT_HEADERS } }
        : meta.rateLimit && status !== 401 && status !== 403 && status < 500
          ? { headers: RATE_LIMIT_HEADERS }
          : {}),
      ...(status === 503 ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before retrying.' } } } : {}),
      ...(status === 405 ? { headers: { Allow: { schema: { type: 'string' }, description: 'The methods this endpoint accepts.' } } } : {}),
    };
  }
  return out;
}

/**
 * Only the component schemas something references: trpc-to-openapi adds its
 * own tRPC error schemas, which the corrected responses above no longer use.
 */
function withoutUnused<S>(doc: OpenAPIObject, schemas: Record<string, S>): Record<string, S> {
  const outside = JSON.stringify({ ...doc, components: { ...doc.components, schemas: undefined } });
  const used = new Set<string>();
  const visit = (text: string) => {
    for (const m of text.matchAll(/#\/components\/schemas\/([A-Za-z0-9_.-]+)/g)) {
      if (used.has(m[1]) || !(m[1] in schemas)) continue;
      used.add(m[1]);
      visit(JSON.stringify(schemas[m[1]]));
    }
  };
  visit(outside);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

/** D16's headers on every webhook request. */
const WEBHOOK_HEADERS = [
  { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, description: 'The `event_id`.' },
  { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^[0-9]+$' }, description: 'Unix time of the attempt, in seconds.' },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description:
      '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space.',
  },
];

/**
 * The document's `webhooks` (OpenAPI 3.1): one entry per event type, its body the event's contract
 * (shared/contracts/webhook-events.ts, in components.schemas under its id), its answers as D10 judges them.
 */
function webhooks(): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENTS).map(([type, schema]) => {
      const id = (schema.meta() as { id: string }).id;
      return [
        type,
        {
          post: {
            operationId: `webhook-${type.replace(/[._]/g, '-')}`,
            summary: `${type} event`,
            description: (schema.meta() as { description?: string }).description,
            tags: ['Webhooks'],
            security: [],
            parameters: WEBHOOK_HEADERS,
            requestBody: { required: true, content: { 'application/json': { schema: ref(id) } } },
            responses: {
              '200': { description: 'Any 2xx acknowledges the event (answer within 5 s); the body is ignored.' },
              '400': { description: 'Any 3xx or 4xx: given up at once, not retried (D10).' },
              '500': { description: 'Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10).' },
            },
          },
        },
      ];
    }),
  );
}

let cached: OpenAPIObject | undefined;

/**
 * GET {api}/openapi.json (D12): generated from the procedures by trpc-to-openapi,
 * then corrected to show the statuses and bodies the REST adapter really sends.
 */
/** The spec's success body around a procedure's output schema: `{status_code, data}`. */
function envelopeSchema(status: number, data: Json): Json {
  return {
    type: 'object',
    properties: { status_code: { type: 'number', const: status }, data },
    required: ['status_code', 'data'],
    additionalProperties: false,
  };
}

export function getOpenApiDocument(): OpenAPIObject {
  if (cached) return cached;
  const doc = generateOpenApiDocument(appRouter, {
    title: 'SMS Gateway API',
    version: pkg.version,
    baseUrl: REST_PREFIX,
    description:
      'SMS gateway v1. Authenticate with the `app-key` header (`sk_test_…` for the sandbox, `sk_live_…` for production). ' +
      'Successful bodies are `{status_code, data}`. Errors are `{detail}` (authentication, lookups, calculator and balance 400s) ' +
      'or `{success:false, status_code, error_code, message, detail, errors?}`; 429 adds `retry_after` and the `Retry-After` header.',
    securitySchemes: { appKey: { type: 'apiKey', in: 'header', name: 'app-key' } },
    defs: Object.fromEntries(Object.values(WEBHOOK_EVENTS).map((s) => [(s.meta() as { id: string }).id, s])),
  });
  (doc as unknown as Json).webhooks = webhooks();
  doc.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } as never;
  const routes = buildRoutes(appRouter);
  for (const route of routes) {
    const pathKey = route.path.replace(/^\//, '/');
    const op = (doc.paths?.[pathKey] as Json | undefined)?.[route.method.toLowerCase()] as Json | undefined;
    if (!op) continue;
    const responses = (op.responses ?? {}) as Record<string, Json>;
    const success = responses['200'];
    const status = String(route.meta.successStatus ?? 200);
    const fixed: Record<string, Json> = {};
    if (success) {
      const content = success.content as Record<string, { schema?: Json }> | undefined;
      const json = content?.['application/json'];
      if (json?.schema && route.meta.envelope !== false) json.schema = envelopeSchema(Number(status), json.schema);
      fixed[status] = {
        ...success,
        ...(route.meta.rateLimit ? { headers: RATE_LIMIT_HEADERS } : {}),
      };
      for (const [other, description] of Object.entries(route.meta.alsoAnswers ?? {})) fixed[other] = { ...success, description };
    }
    const hasBody = !route.voidInput && route.method !== 'GET' && route.method !== 'DELETE';
    Object.assign(fixed, errorResponses(route.meta, hasBody));
    op.responses = fixed;
    if (route.meta.openapi?.protect === false) op.security = [];
    const body = (op.requestBody as { description?: string; content?: Record<string, { schema?: Json }> } | undefined) ?? null;
    const bodySchema = body?.content?.['application/json']?.schema;
    if (bodySchema && route.meta.bodyVariants) bodySchema.oneOf = route.meta.bodyVariants;
    if (body && hasBody) {
      body.description =
        'JSON, at most 256 KB. Parsed as JSON whatever the Content-Type says (`curl -d` sends form encoding by default); ' +
        'the key and the rate-limit slot are checked before the body is read.';
    }
    if (route.meta.rateLimit) {
      op['x-rate-limit-bucket'] = route.meta.rateLimit;
    }
    if (route.meta.idempotencyKey) {
      op.parameters = [
        ...((op.parameters as unknown[]) ?? []),
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'The same key and body within 24 h returns the first answer and charges nothing more; another body under the same key: 409 (1409).',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
          example: 'order-1042',
        },
      ];
    }
  }
  doc.components = { ...(doc.components ?? {}), schemas: withoutUnused(doc, { ...(doc.components?.schemas ?? {}), ...(ERROR_SCHEMAS as Record<string, never>) }) };
  (doc as unknown as Json)['x-error-catalogue'] = Object.entries(ERRORS)
    .filter(([, e]) => e.shape === 'envelope')
    .map(([name, e]) => ({ code: (e as { code: string }).code, name, http: e.http, message: (e as { message: string }).message }));
  cached = doc;
  return doc;
}
