import { z } from 'zod';
import { publicProcedure } from '@/server/api/trpc';
import { Health } from '@/shared/contracts/health';
import { getHealth } from '@/server/domain/health/get-health';
import { supervisorFacts } from '@/server/supervisor/supervisor-facts';

export const getHealthProcedure = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/health',
      tags: ['Health'],
      summary: 'Health check (unauthenticated, not rate limited)',
      description: '200 with status "ok" while the database answers; 503 with status "degraded" when it does not.',
      protect: false,
    },
    envelope: false,
    alsoAnswers: { '503': 'The database does not answer: status "degraded".' },
  })
  .input(z.void())
  .output(Health)
  .query(async ({ ctx }) => {
    const health = await getHealth(ctx.db, ctx.now(), supervisorFacts());
    ctx.res.status = health.status === 'ok' ? 200 : 503;
    ctx.res.headers['Cache-Control'] = 'no-store';
    return health;
  });
