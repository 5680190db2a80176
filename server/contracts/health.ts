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
      connectors: z
        .object({
          status: z.enum(['ok', 'degraded']),
          unbound: z.array(z.string()).meta({ description: 'Names of enabled SMPP connectors without a bound session.', example: ['mno-b'] }),
        })
        .meta({
          description:
            'D14, additive: ok when every enabled SMPP connector has a bound session (or none is configured); degraded with their names otherwise. Does not change the HTTP status: messages still fail over or wait.',
        }),
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
