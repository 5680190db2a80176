import 'server-only';
import { randomBytes } from 'node:crypto';
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Db } from '@/db/client';
import type { Env } from '@/server/env';
import { authorizeRequest, type KeyedRead } from '@/server/domain/keys/authenticate';
import { AuthThrottle, clientAddress } from '@/server/domain/rate-limits/auth-throttle';
import { RateLimitError, type Bucket } from '@/server/domain/rate-limits/take-slot';
import { ApiError } from '@/shared/errors/api-error';
import type { ErrorName } from '@/shared/errors/codes';
import { fromZodError, isZodError } from '@/shared/errors/from-zod';
import { toTrpcError } from '@/server/errors/to-trpc';
import { isDatabaseUnavailable } from '@/server/lib/db-errors';
import { logger } from '@/server/lib/logger';
import type { ValidationStyle } from '@/shared/errors/validation';
import { assertRole, dashboardMembership, preferredOrganization, type SessionUser } from '@/server/domain/users/accounts';
import type { Role } from '@/db/schema';

/** What a request needs from the process: the pool, the settings and (in tests) a clock. */
export type Deps = { db: Db; env: Env; clock?: () => Date };

/** What the procedures read of request headers (a Fetch `Headers`, or node:http's headers behind the REST listener). */
export type HeaderReader = { get(name: string): string | null };

/** What authorizeApiKey found: the key's app and the slot taken. */
export type Authorized = Awaited<ReturnType<typeof authorizeRequest>>;

/** Status and headers a procedure sets for its REST answer (e.g. 201, RateLimit-*, Cache-Control). */
export type ResponseState = { status?: number; headers: Record<string, string> };

/**
 * Who calls the procedures: `rest` for the callers our code builds (the REST
 * core, server components, tests), `dashboard` for `/api/trpc`, where the
 * browser names the procedure. App-key procedures answer only on `rest`.
 */
export type Surface = 'rest' | 'dashboard';

export type Context = Deps & {
  /** The dashboard's signed-in user (null on the REST surface). */
  user: SessionUser | null;
  surface: Surface;
  now: () => Date;
  /** Raw `app-key` header: null when absent. */
  appKey: string | null;
  /** Request headers (e.g. Idempotency-Key). */
  headers: HeaderReader;
  res: ResponseState;
  /** Set by the REST adapter when it authorized the key before reading the body. */
  authorized?: Authorized;
};

export type Meta = OpenApiMeta<{
  /** D8 bucket the procedure counts against (apiKey procedures). */
  rateLimit?: Bucket;
  /** Body shape of input validation errors: D7 envelope (default) or the spec's `{detail}`. */
  validation?: ValidationStyle;
  /** Success status of the REST answer (default 200). */
  successStatus?: number;
  /**
   * The REST adapter wraps what the procedure returns as `{status_code, data}` (the spec's envelope) unless
   * this is false (/health answers its object as is). Procedures return the data only.
   */
  envelope?: false;
  /** Other statuses answered with the success body, for the OpenAPI document (e.g. /health's 503). */
  alsoAnswers?: Record<string, string>;
  /** The procedure honours an `Idempotency-Key` header (D12), for the OpenAPI document. */
  idempotencyKey?: true;
  /** Sandbox only (D18 POST /inbound/simulate): with SMS_ENV=live the REST core answers the path like an unknown one. */
  sandboxOnly?: true;
  /** Catalogue errors this procedure can answer, for the OpenAPI document. */
  errors?: ErrorName[];
  /** OpenAPI variants of the request body (`oneOf`): conditional requirements the zod object cannot show. */
  bodyVariants?: Array<Record<string, unknown>>;
  /**
   * An apiKey procedure that is one read after the key check (GET /status): that read is made in the key
   * check's own statement (authorizeRequest: one round trip), and the procedure answers from its row,
   * `ctx.keyedRow`. Given the request's path parameters (by the REST core, which checks the key before it
   * reads the body) or the raw input (by the apiKey tier, for any other caller): the read, or null when the
   * input can find nothing (an id that cannot exist), and then `ctx.keyedRow` is null.
   */
  keyedRead?: (input: Record<string, unknown>) => KeyedRead | null;
}>;

export function createContext(
  deps: Deps,
  headers: HeaderReader,
  res: ResponseState = { headers: {} },
  user: SessionUser | null = null,
  surface: Surface = 'rest',
): Context {
  // Spelled out, not `{ ...deps, user, ... }`: on Node 20 a spread followed by more properties takes a slow
  // path (about 4 us here, per request; docs/performance.md).
  return { db: deps.db, env: deps.env, clock: deps.clock, user, surface, now: deps.clock ?? systemNow, appKey: headers.get('app-key'), headers, res };
}

const systemNow = () => new Date();

/** Request ids of unexpected errors, set when they are logged (recordUnexpectedError), read by the error formatter. */
const REQUEST_IDS = new WeakMap<object, string>();

/**
 * The tRPC endpoint's `onError`: an unexpected error (a 500) is logged with a
 * request id that the answer's message repeats, so a user's report finds the
 * log line. Expected errors (4xx) are the user's and are not logged.
 */
export function recordUnexpectedError(opts: { error: TRPCError; path?: string; type?: string }): void {
  if (opts.error.code !== 'INTERNAL_SERVER_ERROR') return;
  const requestId = randomBytes(6).toString('hex');
  REQUEST_IDS.set(opts.error, requestId);
  logger.error('dashboard request failed', { requestId, path: opts.path, type: opts.type, error: opts.error.cause ?? opts.error });
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      // The dashboard sees catalogue texts and validation paths, never internals.
      const api = error.cause instanceof ApiError ? error.cause : isZodError(error.cause) ? fromZodError(error.cause, undefined, 'envelope') : null;
      const requestId = REQUEST_IDS.get(error);
      const unexpected = `Something went wrong. Please try again.${requestId ? ` (request ${requestId})` : ''}`;
      const message = api ? api.message : shape.data.code === 'INTERNAL_SERVER_ERROR' ? unexpected : shape.message;
      // errorName and requestId let the dashboard show the message in the user's language (D23, components/providers.tsx).
      const errorName = api ? api.errorName : shape.data.code === 'INTERNAL_SERVER_ERROR' ? 'INTERNAL_ERROR' : null;
      return { ...shape, message, data: { ...shape.data, stack: undefined, fieldErrors: api?.options.errors ?? null, errorName, requestId: requestId ?? null } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every tier starts here: a catalogue error keeps its status (400 duplicate
 * email, 401, 403 role, 404, 409, 429...) on tRPC instead of the generic 500
 * tRPC gives an unknown throwable. REST reads the ApiError back from the cause.
 */
const baseProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ApiError) throw toTrpcError(result.error.cause);
  // A database that does not answer (a restart, a failover) is the retryable 503, as on REST.
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) throw toTrpcError(new ApiError('SERVICE_UNAVAILABLE', { cause: result.error.cause }));
  return result;
});

export const publicProcedure = baseProcedure;

/** Failed authentications per client address, shared through Postgres (one per process: it caches refusals). */
const authThrottle = new AuthThrottle();

/**
 * Authenticates `app-key` (spec Authentication, D9) and takes a slot of
 * `bucket` (D8) in one round trip, setting the RateLimit-* headers of the
 * answer (a 429 carries them too). A key that does not authenticate counts
 * against its client address; past AUTH_FAIL_LIMIT a minute the answer is 429
 * instead of 401. The REST adapter calls it before it reads the body (D7: no
 * key + a malformed body is a 401, a suspended key a 1302 whatever the body)
 * and hands the result over in `ctx.authorized`; with `read` (Meta.keyedRead) the
 * same statement also makes the procedure's read.
 */
export async function authorizeApiKey(ctx: Context, bucket: Bucket | undefined, read?: KeyedRead): Promise<Authorized> {
  const now = ctx.now();
  let authorized: Authorized;
  try {
    authorized = await authorizeRequest(
      ctx.db,
      ctx.appKey,
      { secret: ctx.env.APP_SECRET, environment: ctx.env.SMS_ENV, now, slot: bucket ? { bucket, now: ctx.clock ? now : null } : undefined },
      read,
    );
  } catch (e) {
    if (e instanceof RateLimitError) Object.assign(ctx.res.headers, e.headers);
    if (e instanceof ApiError && e.errorName === 'AUTH_INVALID_KEY') {
      const wait = await authThrottle.failed(ctx.db, clientAddress(ctx.headers), ctx.clock?.());
      if (wait !== null) throw new ApiError('RATE_LIMIT_EXCEEDED', { retryAfter: wait });
    }
    throw e;
  }
  if (authorized.slot) Object.assign(ctx.res.headers, authorized.slot.headers);
  return authorized;
}

/**
 * The REST tier: the app of the `app-key` and a slot of the procedure's bucket
 * (taken here unless the adapter already did), and the row of the procedure's
 * keyed read (Meta.keyedRead; null without one). Only the REST API calls these:
 * over `/api/trpc` they answer as a procedure that does not exist (before the
 * key, the database or the input are looked at), so the dashboard endpoint is
 * no second, differently limited, door to send or read balances with a key.
 */
export const apiKeyProcedure = baseProcedure.use(async ({ ctx, meta, path, getRawInput, next }) => {
  if (ctx.surface !== 'rest') throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
  const read = meta?.keyedRead && !ctx.authorized ? (meta.keyedRead(asRecord(await getRawInput())) ?? undefined) : undefined;
  const { app, row } = ctx.authorized ?? (await authorizeApiKey(ctx, meta?.rateLimit, read));
  return next({ ctx: { app, keyedRow: row } });
});

function asRecord(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
}

/** Dashboard tier without a session (sign-up). */
export const publicDashboardProcedure = baseProcedure;

/**
 * A signed-in user, even one who still holds a one-time password: only
 * auth.changePassword uses this tier directly.
 */
export const passwordChangeProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new ApiError('UNAUTHENTICATED');
  // `actor`: who the audit log, the ledger and every domain write name for this request.
  return next({ ctx: { user: ctx.user, actor: `user:${ctx.user.id}` } });
});

/** Dashboard tier: a signed-in user who has replaced any one-time password (403 PASSWORD_CHANGE_REQUIRED until then). */
export const userProcedure = passwordChangeProcedure.use(({ ctx, next }) => {
  if (ctx.user.mustChangePassword) throw new ApiError('PASSWORD_CHANGE_REQUIRED');
  return next({ ctx });
});

/**
 * Dashboard tier for one organization: the user's membership (role) in it. Reads use it; writes use
 * developerProcedure or ownerProcedure, which check the role before anything else runs.
 */
export const merchantProcedure = userProcedure.use(async ({ ctx, next }) => {
  const member = await dashboardMembership(ctx.db, ctx.user.id, preferredOrganization(ctx.headers));
  if (!member) throw new ApiError('FORBIDDEN_ROLE', { message: 'You are not a member of any organization.' });
  return next({ ctx: { member } });
});

const withRole = (role: Role) =>
  merchantProcedure.use(({ ctx, next }) => {
    assertRole(ctx.member.role, role);
    return next({ ctx });
  });

/** Writes a developer (or owner) may make: keys, webhooks, sends, message control. */
export const developerProcedure = withRole('developer');

/** Writes only an owner may make: the organization and its team. */
export const ownerProcedure = withRole('owner');

/** Operator console tier. */
export const operatorProcedure = userProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isOperator) throw new ApiError('FORBIDDEN_ROLE', { message: 'Operators only.' });
  return next({ ctx });
});
