import { merchantProcedure } from '@/server/api/trpc';
import { CheckOptOutsInput, CheckOptOutsResult } from '@/shared/contracts/opt-outs';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { normalizeOne } from '@/server/domain/opt-outs/phones';
import { optedOutAmong } from '@/server/domain/opt-outs/suppression';
import { unroutableAmong } from '@/server/domain/carrier/routing';
import { ApiError } from '@/shared/errors/api-error';

/**
 * The compose preview (any member: viewers prepare sends too): which of the numbers entered are on the list and (live,
 * D14) which no carrier route takes, read as POST /send reads `to` and looked up by the statements the send itself
 * makes, so the preview names what the send will skip before the merchant pays. Numbers that are no phone are on no
 * list.
 */
export const checkOptOutsProcedure = merchantProcedure
  .input(CheckOptOutsInput)
  .output(CheckOptOutsResult)
  .mutation(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    const phones = input.phones.flatMap((p) => normalizeOne(p, org.defaultCountry) ?? []);
    const [listed, unroutable] = await Promise.all([
      optedOutAmong(ctx.db, org.id, phones),
      ctx.env.SMS_ENV === 'live' ? unroutableAmong(ctx.db, org.id, phones) : Promise.resolve(new Set<string>()),
    ]);
    return { opted_out: [...listed], unroutable: [...unroutable].filter((p) => !listed.has(p)) };
  });
