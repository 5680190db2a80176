import { z } from 'zod';
import { apiKeyProcedure } from '@/server/api/trpc';
import { NumbersList } from '@/shared/contracts/numbers';
import { listOrganizationNumbers } from '@/server/domain/numbers/list-numbers';

/** D18: the numbers an operator assigned to the caller's organization's apps. */
export const listNumbersProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/numbers',
      tags: ['Numbers'],
      summary: "Your organization's inbound numbers",
      description:
        "Dedicated numbers and short codes (with their keyword, if any) assigned to your organization's apps, ordered by number, a short code's catch-all (keyword null) before its keywords. " +
        'Operators assign them. Counts against the status rate-limit bucket.',
    },
    rateLimit: 'status',
  })
  .input(z.void())
  .output(NumbersList)
  .query(async ({ ctx }) => ({ items: await listOrganizationNumbers(ctx.db, ctx.app.organizationId) }));
