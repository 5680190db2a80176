import { z } from 'zod';

const SupervisedProcess = z.object({
  restarts: z.number().int().min(0).meta({ description: 'Restarts since the launcher started.', example: 0 }),
  recent_restarts: z.number().int().min(0).meta({ description: 'Restarts within the last 5 minutes.', example: 0 }),
  crash_loop: z.boolean().meta({ description: 'More than 5 restarts within the last 5 minutes.' }),
  last_exit: z.string().nullable().meta({ description: 'How the process last ended, e.g. "signal SIGKILL" or "code 1"; null if it never has.', example: null }),
  last_exit_at: z.string().nullable().meta({ description: 'When it last ended, ISO 8601; null if it never has.', example: null }),
});

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
          unbound: z.array(z.string()).meta({ description: 'Names of enabled connectors without a bound session (an SMPP connector\'s binds; the simulator\'s single session while a worker runs it).', example: ['mno-b'] }),
        })
        .meta({
          description:
            'D14, additive: ok when every enabled connector has a bound session (or none is enabled); degraded with their names otherwise. Does not change the HTTP status: messages still fail over or wait.',
        }),
      supervisor: z
        .object({
          status: z.enum(['ok', 'crash_loop']).meta({ description: 'crash_loop: at least one of the processes below is in a crash loop.' }),
          web: SupervisedProcess,
          worker: SupervisedProcess.optional().meta({ description: 'Absent with WORKER=off.' }),
          smpp: SupervisedProcess.optional().meta({ description: 'The SMPP listener (D15); absent with SMPP_PORT=off.' }),
        })
        .optional()
        .meta({
          description:
            'Restarts of the processes the launcher (`npm start`, `npm run dev`) supervises; absent when the answering process was not started by it. A crash loop does not change `status` (that stays about the database).',
        }),
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
