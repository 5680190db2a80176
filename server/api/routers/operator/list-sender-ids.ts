import { operatorProcedure } from '@/server/api/trpc';
import { ReviewQueue, ReviewQueueInput } from '@/shared/contracts/sender-ids';
import { listReviewQueue } from '@/server/domain/sender-ids/review';

/** The console's sender ID review queue (D22): pending first, every organization's. */
export const listSenderIdsProcedure = operatorProcedure
  .input(ReviewQueueInput)
  .output(ReviewQueue)
  .query(async ({ ctx, input }) => ({ sender_ids: await listReviewQueue(ctx.db, input) }));
