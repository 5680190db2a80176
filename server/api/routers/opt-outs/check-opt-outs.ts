import { merchantProcedure } from '@/server/api/trpc';
import { CheckOptOutsInput, CheckOptOutsResult } from '@/server/contracts/opt-outs';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { normalizeOne } from '@/server/domain/opt-outs/phones';
import { optedOutAmong } from '@/server/domain/opt-outs/suppression';
import { ApiError } from '@/server/errors/api-error';

/**
 * The compose preview (any member: viewers prepare sends too): which of the numbers entered are on the list, read as
 * POST /send reads `to` and looked up by the statement the send itself makes, so the preview skips what the send will.
 * Numbers that are no phone are on no list.
 */
export const checkOptOutsProcedure = merchantProcedure
  .input(CheckOptOutsInput)
  .output(CheckOptOutsResult)
  .mutation(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    const phones = input.phones.flatMap((p) => normalizeOne(p, org.defaultCountry) ?? []);
    const listed = await optedOutAmong(ctx.db, org.id, phones);
    return { opted_out: [...listed] };
  });
