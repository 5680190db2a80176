import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Db } from '@/db/client';
import type { Env } from '@/server/env';
import { authorizeRequest } from '@/server/domain/keys/authenticate';
import { RateLimitError, type Bucket } from '@/server/domain/rate-limits/take-slot';
import { ApiError } from '@/server/errors/api-error';
import type { ErrorName } from '@/server/errors/codes';
import { fromZodError, isZodError } from '@/server/errors/from-zod';
import { toTrpcError } from '@/server/errors/to-trpc';
import type { ValidationStyle } from '@/server/errors/to-rest';
import { assertRole, dashboardMembership, preferredOrganization, type SessionUser } from '@/server/domain/users/accounts';
import type { Role } from '@/db/schema';

/** What a request needs from the process: the pool, the settings and (in tests) a clock. */
export type Deps = { db: Db; env: Env; clock?: () => Date };

/** What the procedures read of request headers (a Fetch `Headers`, or node:http's headers behind the REST listener). */
export type HeaderReader = { get(name: string): string | null };

/** Status and headers a procedure sets for its REST answer (e.g. 201, RateLimit-*, Cache-Control). */
export type ResponseState = { status?: number; headers: Record<string, string> };

export type Context = Deps & {
  /** The dashboard's signed-in user (null on the REST surface). */
  user: SessionUser | null;
  now: () => Date;
  /** Raw `app-key` header: null when absent. */
  appKey: string | null;
  /** Request headers (e.g. Idempotency-Key). */
  headers: HeaderReader;
  res: ResponseState;
};

export type Meta = OpenApiMeta<{
  /** D8 bucket the procedure counts against (apiKey procedures). */
  rateLimit?: Bucket;
  /** Body shape of input validation errors: D7 envelope (default) or the spec's `{detail}`. */
  validation?: ValidationStyle;
  /** Success status of the REST answer (default 200). */
  successStatus?: number;
  /** Catalogue errors this procedure can answer, for the OpenAPI document. */
  errors?: ErrorName[];
}>;

export function createContext(deps: Deps, headers: HeaderReader, res: ResponseState = { headers: {} }, user: SessionUser | null = null): Context {
  return { ...deps, user, now: deps.clock ?? (() => new Date()), appKey: headers.get('app-key'), headers, res };
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      // The dashboard sees catalogue texts and validation paths, never internals.
      const api = error.cause instanceof ApiError ? error.cause : isZodError(error.cause) ? fromZodError(error.cause, undefined, 'envelope') : null;
      const message = api ? api.message : shape.data.code === 'INTERNAL_SERVER_ERROR' ? 'Something went wrong. Please try again.' : shape.message;
      return { ...shape, message, data: { ...shape.data, stack: undefined, fieldErrors: api?.options.errors ?? null } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/**
 * The REST tier: authenticates `app-key` (spec Authentication, D9) and takes a
 * slot of the procedure's rate-limit bucket (D8), in one round trip.
 */
export const apiKeyProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  const now = ctx.now();
  const { app, slot } = await authorizeRequest(ctx.db, ctx.appKey, {
    secret: ctx.env.APP_SECRET,
    environment: ctx.env.SMS_ENV,
    now,
    slot: meta?.rateLimit ? { bucket: meta.rateLimit, now: ctx.clock ? now : null } : undefined,
  }).catch((e: unknown) => {
    // A 429 carries the RateLimit-* headers too.
    if (e instanceof RateLimitError) Object.assign(ctx.res.headers, e.headers);
    throw e;
  });
  if (slot) Object.assign(ctx.res.headers, slot.headers);
  return next({ ctx: { app } });
});

/** Dashboard errors keep their catalogue status (403 for a role, 404, 409...) instead of a generic 500. */
const dashboardProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ApiError) throw toTrpcError(result.error.cause);
  return result;
});

/** Dashboard tier without a session (sign-up). */
export const publicDashboardProcedure = dashboardProcedure;

/**
 * A signed-in user, even one who still holds a one-time password: only
 * auth.changePassword uses this tier directly.
 */
export const passwordChangeProcedure = dashboardProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new ApiError('UNAUTHENTICATED');
  return next({ ctx: { user: ctx.user } });
});

/** Dashboard tier: a signed-in user who has replaced any one-time password (403 PASSWORD_CHANGE_REQUIRED until then). */
export const userProcedure = passwordChangeProcedure.use(({ ctx, next }) => {
  if (ctx.user.mustChangePassword) throw new ApiError('PASSWORD_CHANGE_REQUIRED');
  return next({ ctx });
});

/**
 * Dashboard tier for one organization: the user's membership (role) in it.
 * Procedures call `ctx.requireRole('developer')` before writing.
 */
export const merchantProcedure = userProcedure.use(async ({ ctx, next }) => {
  const member = await dashboardMembership(ctx.db, ctx.user.id, preferredOrganization(ctx.headers));
  if (!member) throw new ApiError('FORBIDDEN_ROLE', { message: 'You are not a member of any organization.' });
  return next({ ctx: { member, requireRole: (role: Role) => assertRole(member.role, role) } });
});

/** Operator console tier. */
export const operatorProcedure = userProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isOperator) throw new ApiError('FORBIDDEN_ROLE', { message: 'Operators only.' });
  return next({ ctx });
});
