import { merchantProcedure } from '@/server/api/trpc';
import { InboundWebhookLog, InboundWebhookLogInput } from '@/shared/contracts/inbox';
import { inboundWebhookLog } from '@/server/domain/inbox/inbound-webhook-log';

/** An MO's sms.received event with its deliveries and attempts (any member reads; replay is messages.replayEvent). */
export const webhookLogProcedure = merchantProcedure
  .input(InboundWebhookLogInput)
  .output(InboundWebhookLog)
  .query(({ ctx, input }) => inboundWebhookLog(ctx.db, ctx.member, input.inbound_id));
