import { db } from '@/db/client';
import { env } from '@/server/env';
import { createRestHandler } from './handler';

/** The process-wide REST handler the Next route exports for every method. */
export const restHandler = createRestHandler(() => ({ db: db(), env: env() }));
