import { z } from 'zod';

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string().meta({ example: '0.1.0' }),
    time: z.string().meta({ description: 'Server time, ISO 8601.', example: '2026-11-21T10:00:00.000Z' }),
    checks: z.object({
      database: z.enum(['ok', 'down']),
      worker: z.enum(['ok', 'stale', 'down', 'unknown']).meta({
        description: 'ok: a worker reported within 30 s; stale: last report older; down: no worker has ever reported; unknown: the database did not answer.',
      }),
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
