import type { Db } from '@/db/client';
import type { Env } from '@/server/env';
import type { RoutingPolicy } from '@/server/domain/carrier/routing';
import { simulatorRouting } from '@/server/domain/carrier/simulator/driver';

/** What the delivery steps need: the pool, settings, the routing policy (D14) and a clock. */
export type Pipeline = { db: Db; env: Env; routing: RoutingPolicy; now: () => Date };

export function createPipeline(db: Db, env: Env, now: () => Date = () => new Date()): Pipeline {
  return { db, env, routing: simulatorRouting(env), now };
}
