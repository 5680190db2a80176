import { merchantProcedure } from '@/server/api/trpc';
import { NetworkReport, NetworkReportInput } from '@/shared/contracts/overview';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { getNetworkReport } from '@/server/domain/overview/get-network-report';
import { ApiError } from '@/shared/errors/api-error';

/** The Overview's per-network report: sent, delivered, failed, delivery rate and spend per network over 7, 30 or 90 local days (D13). */
export const getNetworkReportProcedure = merchantProcedure
  .input(NetworkReportInput)
  .output(NetworkReport)
  .query(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return getNetworkReport(ctx.db, org, ctx.now(), input.days);
  });
