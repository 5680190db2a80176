import { sql } from 'drizzle-orm';
import { createDb, type Db } from '@/db/client';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Deps } from '@/server/api/trpc';
import { parseEnv, type Env } from '@/server/env';
import { createMerchant, type CreateMerchantInput } from '@/server/domain/organizations/create-merchant';
import { money } from '@/server/lib/money';
import { createRestListener } from '@/server/http/rest-listener';
import { checkAgainstDocument } from './openapi-responses';

const pools: Db[] = [];
const servers: Server[] = [];

/** A pool on this file's database (closed by closePools). */
export function testDb(): Db {
  const db = createDb(process.env.DATABASE_URL!, { max: 5 });
  pools.push(db);
  return db;
}

/**
 * A pool of one connection on this file's database (closed by closePools): the prepared statements
 * pg_prepared_statements shows there are all of its statements (planCounts).
 */
export function oneConnectionDb(): Db {
  const db = createDb(process.env.DATABASE_URL!, { max: 1 });
  pools.push(db);
  return db;
}

/**
 * How Postgres's plan cache planned `db`'s prepared statement whose text holds every fragment (`db` of one
 * connection: oneConnectionDb); undefined when none is prepared.
 */
export async function planCounts(db: Db, ...fragments: string[]): Promise<{ generic: number; custom: number } | undefined> {
  const [plans] = await db.execute<{ generic: number; custom: number }>(sql`
    select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
     where ${sql.join(fragments.map((f) => sql`strpos(statement, ${f}) > 0`), sql` and `)}`);
  return plans;
}

export async function closePools(): Promise<void> {
  for (const server of servers.splice(0)) server.close().closeAllConnections();
  await Promise.all(pools.splice(0).map((d) => d.$client.end({ timeout: 1 })));
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ ...process.env, NODE_ENV: 'test', ...overrides });
}

/** A controllable clock: `clock.now()` for Deps, `clock.advance(ms)` to move time. */
export function testClock(start = new Date('2026-11-21T10:00:00.000Z')) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
    set: (d: Date) => {
      t = d.getTime();
    },
  };
}

export function testDeps(opts: { db?: Db; env?: Env; clock?: () => Date } = {}): Deps {
  return { db: opts.db ?? testDb(), env: opts.env ?? testEnv(), clock: opts.clock };
}

export type Called = { status: number; body: any; headers: Headers };

/** The production REST listener (server/http/rest-listener.ts) on a loopback port of its own, with these deps. */
async function listen(deps: Deps): Promise<string> {
  const server = createServer(createRestListener(() => deps, { dev: false }));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Calls the REST surface over HTTP through the same listener `npm start` serves it with (one per client:
 * two clients are two web processes sharing the database). Every answer is checked against openapi.json.
 */
export function restClient(deps: Deps) {
  let origin: Promise<string> | undefined;
  const start = () => (origin ??= listen(deps));
  async function call(
    method: string,
    path: string,
    opts: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<Called> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.key !== undefined && opts.key !== null) headers['app-key'] = opts.key;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${await start()}/api/v1/svc/sms-api${path}`, { method, headers, body });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : null;
    checkAgainstDocument(method, path, res.status, parsed);
    return { status: res.status, body: parsed, headers: res.headers };
  }
  /** The listener's origin (`http://127.0.0.1:port`), for requests fetch cannot make. */
  call.origin = start;
  return call;
}

export const DRC_PRICES = [
  { country: 'CD', network: 'Vodacom', prefixes: ['24381', '24382', '24383'], price: '0.0200' },
  { country: 'CD', network: 'Orange', prefixes: ['24384', '24385', '24389'], price: '0.0190' },
  { country: 'CD', network: 'Airtel', prefixes: ['24397', '24398', '24399'], price: '0.0180' },
  { country: 'CD', network: 'Africell', prefixes: ['24390', '24391'], price: '0.0170' },
];

export async function makeMerchant(db: Db, env: Env, over: Partial<Omit<CreateMerchantInput, 'prepaid' | 'postpaid'>> & { prepaid?: string; postpaid?: string } = {}) {
  const { prepaid, postpaid, ...rest } = over;
  return createMerchant(
    db,
    {
      name: 'Acme',
      currency: 'USD',
      timezone: 'Africa/Kinshasa',
      defaultCountry: 'CD',
      defaultPrice: '0.0200',
      prices: DRC_PRICES,
      environment: env.SMS_ENV,
      actor: 'test',
      ...rest,
      prepaid: prepaid === undefined ? undefined : money(prepaid),
      postpaid: postpaid === undefined ? undefined : money(postpaid),
    },
    env.APP_SECRET,
  );
}
