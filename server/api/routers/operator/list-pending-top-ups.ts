import { z } from 'zod';
import { operatorProcedure } from '@/server/api/trpc';
import { ListPendingTopUpsResult } from '@/shared/contracts/operator';
import { listPendingTopUps } from '@/server/domain/operator/list-pending-top-ups';

export const listPendingTopUpsProcedure = operatorProcedure
  .input(z.void())
  .output(ListPendingTopUpsResult)
  .query(async ({ ctx }) => ({ requests: await listPendingTopUps(ctx.db) }));
