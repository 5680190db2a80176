import { appRouter, createCaller } from '@/server/api/root';
import { authorizeApiKey, createContext, type Deps, type HeaderReader, type ResponseState } from '@/server/api/trpc';
import { ApiError } from '@/shared/errors/api-error';
import { toApiError, toRestError } from '@/server/errors/to-rest';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '@/server/lib/json-depth';
import { logger } from '@/server/lib/logger';
import { getOpenApiDocument } from './openapi';
import { buildRoutes, matchRoutes, REST_PREFIX, type RestRoute } from './routes';
import { unknownFields, unknownFieldWarnings } from './unknown-fields';

export { REST_PREFIX };
const OPENAPI_TEMPLATE = `${REST_PREFIX}/openapi.json`;
export const MAX_BODY_BYTES = 256 * 1024;

/** A request as the REST core needs it, whatever server received it. */
export type RestRequest = {
  method: string;
  /** Path without the query string, e.g. `/api/v1/svc/sms-api/send`. */
  pathname: string;
  /** The query string (`?limit=10`, or empty): the input of GET procedures besides path parameters. */
  search?: string;
  headers: HeaderReader;
  /**
   * The body as streamed: reading stops past MAX_BODY_BYTES (ApiError PAYLOAD_TOO_LARGE); ClientClosedRequest when
   * the client went away before its body ended.
   */
  body: () => Promise<Uint8Array>;
  /** Told the full path template of the route the request matched (`/api/v1/svc/sms-api/status/{message_id}`). */
  onRoute?: (template: string) => void;
};

/**
 * The client closed the request before its body ended: there is no one to answer. The core hands it back to its
 * transport (which drops the connection and counts it as 499, the client-closed status of proxies) instead of
 * answering INTERNAL_ERROR and logging a failure that is not the service's.
 */
export class ClientClosedRequest extends Error {
  constructor() {
    super('the client closed the request before its body ended');
    this.name = 'ClientClosedRequest';
  }
}
/** A finished answer: JSON text and its headers. */
export type RestResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * The public REST surface: routes by the procedures' OpenAPI meta, calls them
 * through tRPC's server-side caller (createCaller: so middlewares and zod
 * contracts are the same as the dashboard's), and shapes every answer exactly
 * as the contract says: `{status_code, data}` bodies come from the procedures'
 * outputs, every error goes through the one catalogue (server/errors). Our own adapter rather than
 * trpc-to-openapi's: that one coerces JSON strings into numbers by mutating the
 * input schemas, answers 415 without `Content-Type: application/json`, and
 * rewrites error bodies into its own shape.
 *
 * Transport-neutral; its one transport is `server/http/rest-listener.ts`, which
 * serves node:http requests directly (what `npm start` runs, and what the tests
 * call over HTTP: no Fetch objects, no Next routing on the hot path).
 */
let routes: RestRoute[] | undefined;

/** The REST routing table of appRouter, built once per process. */
export function restRoutes(): RestRoute[] {
  return (routes ??= buildRoutes(appRouter));
}

export function createRestCore(getDeps: () => Deps) {
  return async function handle(req: RestRequest): Promise<RestResponse> {
    const path = stripPrefix(req.pathname);
    if (path === '/openapi.json') {
      req.onRoute?.(OPENAPI_TEMPLATE);
      if (req.method === 'GET' || req.method === 'HEAD') return json(200, getOpenApiDocument(), { 'Cache-Control': 'public, max-age=300' });
    }
    const found = matchRoutes(restRoutes(), path);
    const candidates = found.some((c) => c.route.meta.sandboxOnly) && getDeps().env.SMS_ENV !== 'test' ? found.filter((c) => !c.route.meta.sandboxOnly) : found;
    if (candidates.length === 0) return errorResponse(new ApiError('ROUTE_NOT_FOUND'), {});
    req.onRoute?.(candidates[0].route.template);
    const match = candidates.find((c) => c.route.method === req.method);
    if (!match) {
      return errorResponse(new ApiError('METHOD_NOT_ALLOWED'), { Allow: candidates.map((c) => c.route.method).join(', ') });
    }
    const { route } = match;

    const state: ResponseState = { headers: {} };
    const style = route.meta.validation ?? 'envelope';
    let input: unknown;
    let body: Record<string, unknown> | undefined;
    try {
      const ctx = createContext(getDeps(), req.headers, state);
      const params = decodeParams(match.params);
      // Key and rate-limit slot first (D7, D8): a request without a valid key, or over its limit, is answered
      // as such whatever its body, and every later answer (a malformed body included) carries RateLimit-*.
      // A procedure's keyed read (GET /status's message) is made in the same statement.
      if (route.meta.rateLimit) ctx.authorized = await authorizeApiKey(ctx, route.meta.rateLimit, route.meta.keyedRead?.(params) ?? undefined);
      if (!route.voidInput) {
        const read = route.method === 'GET' || route.method === 'DELETE' ? queryInput(req.search) : (body = await readJsonBody(req, style));
        // The body itself when there are no path parameters (POST /send): no copy of it per request.
        input = read === undefined ? params : isEmpty(params) ? read : { ...read, ...params };
      }
      const answer = await procedureAt(createCaller(ctx), route.callerKeys)(input);
      const data = body ? withUnknownFieldWarnings(answer, unknownFields(route.input, body)) : answer;
      const status = state.status ?? route.meta.successStatus ?? 200;
      // The one place the spec's success envelope is built: procedures return data.
      return json(status, route.meta.envelope === false ? data : { status_code: status, data }, state.headers);
    } catch (err) {
      if (err instanceof ClientClosedRequest) throw err;
      const apiError = toApiError(err, style, input);
      if (apiError.errorName === 'SERVICE_UNAVAILABLE') state.headers['Retry-After'] = '1';
      if (apiError.errorName === 'INTERNAL_ERROR' || apiError.errorName === 'AUTH_UNAVAILABLE' || apiError.errorName === 'SERVICE_UNAVAILABLE') {
        logger.error('request failed', { method: req.method, path, error: apiError.options.cause ?? apiError.cause });
      }
      return errorResponse(apiError, state.headers);
    }
  };
}

/**
 * D12: the answer to a JSON body with one UNKNOWN_FIELD warning per field the procedure's input ignored, after the
 * warnings it has (POST /send's); the answer itself, untouched, when there is none, so v1's fields stay exact.
 */
function withUnknownFieldWarnings(data: unknown, fields: string[]): unknown {
  if (!fields.length || data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const had = (data as { warnings?: unknown }).warnings;
  return { ...data, warnings: [...(Array.isArray(had) ? had : []), ...unknownFieldWarnings(fields)] };
}

/** The function of a tRPC caller at a procedure's keys (`caller.messages.getStatus`). */
function procedureAt(caller: object, keys: readonly string[]): (input: unknown) => Promise<unknown> {
  let node: unknown = caller;
  for (const key of keys) node = (node as Record<string, unknown>)[key];
  return node as (input: unknown) => Promise<unknown>;
}

function stripPrefix(pathname: string): string {
  const p = pathname.startsWith(REST_PREFIX) ? pathname.slice(REST_PREFIX.length) : pathname;
  // One leading slash and no trailing one: already what the replace below makes of it.
  if (p.length > 1 && p.charCodeAt(0) === SLASH && p.charCodeAt(1) !== SLASH && p.charCodeAt(p.length - 1) !== SLASH) return p;
  return `/${p.replace(/^\/+|\/+$/g, '')}`;
}

const SLASH = 47;

/** Query parameters as strings (the last of a repeated name); bounded like a body: at most 50 of them. */
function queryInput(search: string | undefined): Record<string, string> | undefined {
  if (!search || search === '?') return undefined;
  const params = new URLSearchParams(search);
  const out: Record<string, string> = {};
  let n = 0;
  for (const [k, v] of params) {
    if (++n > 50) throw new ApiError('INVALID_REQUEST', { message: 'Too many query parameters.' });
    out[k] = v;
  }
  return out;
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

function decodeParams(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (!v.includes('%')) {
      out[k] = v; // what decodeURIComponent returns for it
      continue;
    }
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/**
 * Reads at most 256 KB and parses JSON whatever the Content-Type says (curl -d
 * sends form encoding by default; the body is still JSON). Empty body: undefined.
 * Nested more than MAX_JSON_DEPTH levels: 1100 before parsing.
 * Anything but a JSON object: 1100 (or the `{detail}` text for detail-style endpoints).
 */
async function readJsonBody(req: RestRequest, style: 'envelope' | 'detail'): Promise<Record<string, unknown> | undefined> {
  // A declared size over the limit is refused before reading; a streamed body stops being read past it.
  if (Number(req.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE');
  const bytes = await req.body();
  // Refused before parsing: deep nesting costs memory per level in JSON.parse and stack in recursive code after it.
  if (exceedsJsonDepth(bytes)) {
    const message = `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`;
    throw style === 'detail' ? new ApiError('INVALID_INPUT', { message }) : new ApiError('INVALID_REQUEST', { message });
  }
  // A view of the bytes read (Buffer.from(bytes) would copy them first).
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw style === 'detail'
      ? new ApiError('INVALID_INPUT', { message: 'The request body must be valid JSON.' })
      : new ApiError('INVALID_REQUEST', { message: 'The request body is not valid JSON.' });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw style === 'detail'
      ? new ApiError('INVALID_INPUT')
      : new ApiError('INVALID_REQUEST', { message: 'The request body must be a JSON object.' });
  }
  return parsed as Record<string, unknown>;
}

function errorResponse(error: ApiError, extraHeaders: Record<string, string>): RestResponse {
  const { status, body, headers } = toRestError(error);
  return json(status, body, Object.assign({}, extraHeaders, headers));
}

function json(status: number, body: unknown, headers: Record<string, string>): RestResponse {
  // Object.assign, not `{ 'Content-Type': ..., ...headers }` (a slow path on Node 20, for every answer).
  return { status, headers: Object.assign({ 'Content-Type': 'application/json; charset=utf-8' }, headers), body: JSON.stringify(body) };
}
