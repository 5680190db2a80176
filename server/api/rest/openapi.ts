import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { appRouter } from '@/server/api/root';
import type { Meta } from '@/server/api/trpc';
import { ERRORS, type ErrorName } from '@/server/errors/codes';
import pkg from '@/package.json';
import { buildRoutes } from './routes';

const REST_PREFIX = '/api/v1/svc/sms-api';

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

function errorResponses(meta: Meta): Record<string, Json> {
  const names: ErrorName[] = [...(meta.errors ?? [])];
  if (meta.openapi?.protect !== false) {
    names.push('AUTH_MISSING_KEY', 'AUTH_EMPTY_KEY', 'AUTH_INVALID_KEY', 'KEY_PENDING_VALIDATION', 'KEY_SUSPENDED', 'KEY_REVOKED', 'KEY_LOCKED', 'KEY_EXPIRED', 'KEY_REJECTED', 'AUTH_UNAVAILABLE');
  }
  if (meta.rateLimit) names.push('RATE_LIMIT_EXCEEDED', 'SUSPICIOUS_ACTIVITY');
  names.push('INTERNAL_ERROR');
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
    out[String(status)] = {
      description: describe(group),
      content: { 'application/json': { schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas } } },
      ...(status === 429
        ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Same value as retry_after.' }, ...RATE_LIMIT_HEADERS } }
        : {}),
    };
  }
  return out;
}

let cached: OpenAPIObject | undefined;

/**
 * GET {api}/openapi.json (D12): generated from the procedures by trpc-to-openapi,
 * then corrected to show the statuses and bodies the REST adapter really sends.
 */
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
  });
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
      fixed[status] = {
        ...success,
        ...(route.meta.rateLimit ? { headers: RATE_LIMIT_HEADERS } : {}),
      };
    }
    if (route.procedurePath === 'health.get' && success) {
      fixed['503'] = { ...success, description: 'The database does not answer: status "degraded".' };
    }
    Object.assign(fixed, errorResponses(route.meta));
    op.responses = fixed;
    if (route.meta.rateLimit) {
      op['x-rate-limit-bucket'] = route.meta.rateLimit;
    }
    if (route.procedurePath === 'messages.send') {
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
  doc.components = { ...(doc.components ?? {}), schemas: { ...(doc.components?.schemas ?? {}), ...ERROR_SCHEMAS } };
  (doc as unknown as Json)['x-error-catalogue'] = Object.entries(ERRORS)
    .filter(([, e]) => e.shape === 'envelope')
    .map(([name, e]) => ({ code: (e as { code: string }).code, name, http: e.http, message: (e as { message: string }).message }));
  cached = doc;
  return doc;
}
