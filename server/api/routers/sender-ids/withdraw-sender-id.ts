import { z } from 'zod';
import { developerProcedure } from '@/server/api/trpc';
import { WithdrawSenderIdInput } from '@/shared/contracts/sender-ids';
import { withdrawSenderId } from '@/server/domain/sender-ids/sender-ids';

/** The Sender IDs page's "Withdraw" of a pending request (developer or owner). */
export const withdrawSenderIdProcedure = developerProcedure
  .input(WithdrawSenderIdInput)
  .output(z.object({ withdrawn: z.literal(true), id: z.string() }))
  .mutation(({ ctx, input }) => withdrawSenderId(ctx.db, { organizationId: ctx.member.organizationId, id: input.id, actor: ctx.actor }));
