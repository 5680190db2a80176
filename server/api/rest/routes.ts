import {
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  normalizePath,
  unwrapZodType,
} from 'trpc-to-openapi';
import type { AnyRouter } from '@trpc/server';
import type { Meta } from '@/server/api/trpc';

/** Where the public REST API lives (the OpenAPI document's base URL, the listener's prefix). */
export const REST_PREFIX = '/api/v1/svc/sms-api';

export type RestRoute = {
  method: string;
  path: string;
  /** REST_PREFIX + path, e.g. `/api/v1/svc/sms-api/status/{message_id}` (the HTTP metric's route label). */
  template: string;
  regexp: RegExp;
  /** Dotted tRPC path, e.g. `wallets.getBalance`. */
  procedurePath: string;
  /** The same path split at its dots: the keys of the procedure on a tRPC caller (`caller.wallets.getBalance`). */
  callerKeys: string[];
  meta: Meta;
  /** The procedure takes no input (z.void()). */
  voidInput: boolean;
  /** Its input schema: what a JSON body's fields are read by (unknown-fields.ts names the ones it ignores). */
  input: unknown;
};

/** A route whose path template matches a path, with its path parameters (not yet URL-decoded). */
export type RouteMatch = { route: RestRoute; params: Record<string, string> };

/** The REST routing table, read from the procedures' trpc-to-openapi meta. */
export function buildRoutes(router: AnyRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  forEachOpenApiProcedure(router._def.procedures, ({ path: procedurePath, procedure, meta }) => {
    const { inputParser } = getInputOutputParsers(procedure);
    const path = normalizePath(meta.openapi.path);
    routes.push({
      method: meta.openapi.method,
      path,
      template: `${REST_PREFIX}${path}`,
      regexp: getPathRegExp(path),
      procedurePath,
      callerKeys: procedurePath.split('.'),
      meta: meta as Meta,
      voidInput: instanceofZodTypeLikeVoid(unwrapZodType(inputParser, true)),
      input: inputParser,
    });
  });
  return routes;
}

/** The routes whose template matches `path` (one per method), in table order. */
export function matchRoutes(routes: RestRoute[], path: string): RouteMatch[] {
  const matches: RouteMatch[] = [];
  for (const route of routes) {
    const m = route.regexp.exec(path);
    if (m) matches.push({ route, params: m.groups ?? {} });
  }
  return matches;
}
