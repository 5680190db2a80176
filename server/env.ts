import 'server-only';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting of the service, parsed once with zod. Defaults live here and
 * nowhere else. `DATABASE_URL` is resolved by the launchers (scripts/run.ts,
 * scripts/migrate.ts, the CLI, the test setup): when unset they start an
 * embedded Postgres under `.data/` and export its URL before anything reads it.
 */
const retrySchedule = z
  .string()
  .default('30s,2m,10m,1h')
  .transform((s, ctx) => {
    const parts = s.split(',').map((p) => p.trim()).filter(Boolean);
    const out: number[] = [];
    for (const p of parts) {
      const m = /^(\d+)(ms|s|m|h)$/.exec(p);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: `bad duration "${p}" (use 500ms, 30s, 2m, 1h)` });
        return z.NEVER;
      }
      const mult = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
      out.push(Number(m[1]) * mult);
    }
    return out;
  });

const optionalPort = z
  .string()
  .refine((s) => s === 'off' || (/^\d{1,5}$/.test(s) && Number(s) >= 1 && Number(s) <= 65535), 'must be a port number or off')
  .transform((s) => (s === 'off' ? ('off' as const) : Number(s)));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * Where the HTTP ports listen (the web process's PORT, WORKER_METRICS_PORT, SMPP_METRICS_PORT): an address, or a
   * name that resolves to one. Unset: every interface. The SMPP listener (SMPP_PORT) always takes every interface.
   */
  HOST: z.string().trim().min(1).optional(),
  SMS_ENV: z.enum(['test', 'live']).default('test'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  DATA_DIR: z.string().default('.data'),
  WORKER: z.enum(['on', 'off']).default('on'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  SUPERVISOR_BACKOFF_MS: z.coerce.number().int().min(10).max(30_000).default(1000),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: z.enum(['on', 'off']).default('on'),
  CARRIER_SIM_DELAY_MS: z.coerce.number().int().min(0).default(300),
  CARRIER_SIM_FAILURE_RATE: z.coerce.number().min(0).max(1).optional(),
  CARRIER_SIM_VALIDITY_S: z.coerce.number().int().min(0).default(60),
  WEBHOOK_RETRY_SCHEDULE: retrySchedule,
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  /**
   * D24: days a send and the logs that only grow are kept after they were written; a month's partition goes once all
   * of it is older. The ledger, balances and audit log are kept forever.
   */
  RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(400),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** on: behind a proxy that appends the client's address to X-Forwarded-For (server/http/forwarded-for.ts). */
  TRUST_PROXY: z.enum(['on', 'off']).default('off'),
  /** Sign-ups one client address may attempt per 60 s (the e2e server raises it: its journeys all come from 127.0.0.1). */
  SIGN_UPS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(3),
  /** D15: the SMPP listener's port (`npm start` / `npm run dev` start it as a third supervised process); `off`: none. */
  SMPP_PORT: z
    .string()
    .default('2775')
    .refine((s) => s === 'off' || (/^\d{1,5}$/.test(s) && Number(s) <= 65535), 'SMPP_PORT must be a port number or off')
    .transform((s) => (s === 'off' ? ('off' as const) : Number(s))),
  /** The SMPP listener's open connections at most, bound or not; more are closed as they are accepted. */
  SMPP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** The SMPP listener's open connections from one client address at most (an app binds 4 sessions at most: D15). */
  SMPP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(40),
  /** PEM file of extra certificate authorities trusted by SMPP connectors with TLS on (carriers' private CAs). */
  SMPP_TLS_CA_FILE: z.string().min(1).optional(),
  /** When set, GET /metrics (web, worker, SMPP listener) requires `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Port of the worker's /metrics; `off`: none. Default 9464, off when NODE_ENV=test (tests run many workers). */
  WORKER_METRICS_PORT: optionalPort.optional(),
  /** Port of the SMPP listener process's /metrics; `off`: none. Default 9465, off when NODE_ENV=test. */
  SMPP_METRICS_PORT: optionalPort.optional(),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'WORKER_METRICS_PORT' | 'SMPP_METRICS_PORT'> & {
  APP_SECRET: string;
  CARRIER_SIM_FAILURE_RATE: number;
  WORKER_METRICS_PORT: number | 'off';
  SMPP_METRICS_PORT: number | 'off';
};

function loadOrCreateSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let secret = e.APP_SECRET;
  if (!secret) {
    // The live environment never invents its own secret: losing it would
    // invalidate every API key and webhook password.
    if (e.SMS_ENV === 'live') throw new Error('APP_SECRET is required when SMS_ENV=live');
    secret = loadOrCreateSecret(e.DATA_DIR);
  }
  return {
    ...e,
    APP_SECRET: secret,
    CARRIER_SIM_FAILURE_RATE: e.CARRIER_SIM_FAILURE_RATE ?? (e.SMS_ENV === 'live' ? 0.02 : 0),
    WORKER_METRICS_PORT: e.WORKER_METRICS_PORT ?? (e.NODE_ENV === 'test' ? 'off' : 9464),
    SMPP_METRICS_PORT: e.SMPP_METRICS_PORT ?? (e.NODE_ENV === 'test' ? 'off' : 9465),
  };
}

/**
 * The sandbox (SMS_ENV=test) delivers webhooks to any address (loopback and
 * private ones included) and hands out test credit: fine on a developer's machine, not
 * behind a public address. Said at start when it runs as a production build.
 */
export function sandboxExposureWarning(e: Pick<Env, 'SMS_ENV' | 'NODE_ENV'>): string | null {
  if (e.SMS_ENV !== 'test' || e.NODE_ENV !== 'production') return null;
  return 'SMS_ENV=test (sandbox) with NODE_ENV=production: the sandbox delivers webhooks to any address (loopback and private ones included) and grants test credit; do not expose it to untrusted users (set SMS_ENV=live for production)';
}

let cached: Env | undefined;
/** The process-wide settings, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
