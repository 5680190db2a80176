import type { Db } from '@/db/client';
import type { Env } from '@/server/env';
import type { CarrierConnector } from '@/server/domain/carrier/connector';
import { CarrierSimulator } from '@/server/domain/carrier/simulator';

/** What handing recipients to their carriers needs: settings (sandbox, the simulator's pace) and the simulator. */
export type Carriers = { env: Env; connector: CarrierConnector };

/** What the delivery steps need: the carriers, the pool and a clock. */
export type Pipeline = Carriers & { db: Db; now: () => Date };

export function createPipeline(db: Db, env: Env, now: () => Date = () => new Date()): Pipeline {
  const connector = new CarrierSimulator({ failureRate: env.CARRIER_SIM_FAILURE_RATE, magicNumbers: env.SMS_ENV === 'test' });
  return { db, env, connector, now };
}

/** The simulator's delay before the next step of a dispatch (CARRIER_SIM_DELAY_MS). */
export function stepAt(p: Pick<Carriers, 'env'>, from: Date): Date {
  return new Date(from.getTime() + p.env.CARRIER_SIM_DELAY_MS);
}
