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
  regexp: RegExp;
  /** Dotted tRPC path, e.g. `wallets.getBalance`. */
  procedurePath: string;
  meta: Meta;
  /** The procedure takes no input (z.void()). */
  voidInput: boolean;
};

/** The REST routing table, read from the procedures' trpc-to-openapi meta. */
export function buildRoutes(router: AnyRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  forEachOpenApiProcedure(router._def.procedures, ({ path: procedurePath, procedure, meta }) => {
    const { inputParser } = getInputOutputParsers(procedure);
    const path = normalizePath(meta.openapi.path);
    routes.push({
      method: meta.openapi.method,
      path,
      regexp: getPathRegExp(path),
      procedurePath,
      meta: meta as Meta,
      voidInput: instanceofZodTypeLikeVoid(unwrapZodType(inputParser, true)),
    });
  });
  return routes;
}
