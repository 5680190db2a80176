import { z } from 'zod';
import { apiKeyProcedure } from '@/server/api/trpc';
import { MessageStatus } from '@/shared/contracts/send';
import { messageStatusRead, statusFromKeyedRow } from '@/server/domain/messages/get-status';

export const getStatusProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/status/{message_id}',
      tags: ['Messages'],
      summary: 'Status of a send: aggregate status and counters',
      description:
        'Counters count deliveries (recipient x dispatch). For interactive sends poll up to 3 times, 2 s apart; for batches use webhooks. An unknown id and another merchant\'s id both answer 404 `{"detail": "Message not found"}`; a send older than the retention (RETENTION_DAYS, 400 days by default: D24) 404 `{"detail": "Message expired"}`.',
    },
    rateLimit: 'status',
    errors: ['MESSAGE_NOT_FOUND', 'MESSAGE_EXPIRED'],
    // The message is read in the key check's statement (one round trip) and handed over as ctx.keyedRow.
    keyedRead: (input) => messageStatusRead(typeof input.message_id === 'string' ? input.message_id : ''),
  })
  .input(z.object({ message_id: z.string() }))
  .output(MessageStatus)
  .query(({ ctx }) => statusFromKeyedRow(ctx.keyedRow, { now: ctx.now(), retentionDays: ctx.env.RETENTION_DAYS }));
