import type { Db } from '@/db/client';
import type { Env } from '@/server/env';
import type { CarrierConnector } from '@/server/domain/carrier/connector';
import { CarrierSimulator } from '@/server/domain/carrier/simulator';

/** What the delivery steps need: the pool, settings, the carrier connector and a clock. */
export type Pipeline = { db: Db; env: Env; connector: CarrierConnector; now: () => Date };

export function createPipeline(db: Db, env: Env, now: () => Date = () => new Date()): Pipeline {
  const connector = new CarrierSimulator({ failureRate: env.CARRIER_SIM_FAILURE_RATE, magicNumbers: env.SMS_ENV === 'test' });
  return { db, env, connector, now };
}

/** The simulator's delay before the next step of a dispatch (CARRIER_SIM_DELAY_MS). */
export function stepAt(p: Pipeline, from: Date): Date {
  return new Date(from.getTime() + p.env.CARRIER_SIM_DELAY_MS);
}
