import { operatorProcedure } from '@/server/api/trpc';
import { AuditPage, ListAuditInput } from '@/shared/contracts/operator';
import { listAudit } from '@/server/domain/operator/list-audit';

export const listAuditProcedure = operatorProcedure
  .input(ListAuditInput)
  .output(AuditPage)
  .query(({ ctx, input }) => listAudit(ctx.db, input));
