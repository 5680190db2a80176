import { developerProcedure } from '@/server/api/trpc';
import { AppRef, SmppCredentials } from '@/shared/contracts/keys';
import { enableSmpp } from '@/server/domain/smpp-access/credentials';
import { ApiError } from '@/shared/errors/api-error';

/** SMPP credentials for one of the organization's apps (D15), shown once; again rotates the password. Developer or owner. */
export const enableSmppProcedure = developerProcedure
  .input(AppRef)
  .output(SmppCredentials)
  .mutation(async ({ ctx, input }) => {
    const creds = await ctx.db.transaction((tx) =>
      enableSmpp(tx, ctx.env.APP_SECRET, input.appId, ctx.actor, { organizationId: ctx.member.organizationId }),
    );
    if (!creds) throw new ApiError('NOT_FOUND', { message: 'App not found.' });
    return creds;
  });
