/**
 * The dashboard's tRPC batches, as its client sends them (components/providers.tsx) and as the server takes them:
 * the tRPC endpoint (server/api/trpc-endpoint.ts) and the web process's body guard (server/http/body-guard.ts)
 * refuse a bigger batch. The body size limits are the web process's own (server/http/body-limits.ts).
 */

/** Procedures in one tRPC batch request (`/api/trpc/a,b,c?batch=1`); the client's httpBatchLink sends at most this many. */
export const TRPC_MAX_BATCH = 10;
/** The client splits batches whose GET URL would be longer (Node refuses request heads over 16 KB, cookies included). */
export const TRPC_MAX_URL_LENGTH = 8 * 1024;
