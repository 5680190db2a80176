import { merchantProcedure } from '@/server/api/trpc';
import { ListRecipientsInput, RecipientPage } from '@/shared/contracts/messages-dashboard';
import { listRecipients } from '@/server/domain/messages/list-recipients';

/** Per-recipient states of one send (recipient x dispatch), by keyset pages, optionally one state only. */
export const listRecipientsProcedure = merchantProcedure
  .input(ListRecipientsInput)
  .output(RecipientPage)
  .query(({ ctx, input }) =>
    listRecipients(ctx.db, ctx.member.organizationId, input.id, { cursor: input.cursor, limit: input.limit, state: input.state }),
  );
