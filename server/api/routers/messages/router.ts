import { router } from '@/server/api/trpc';
import { getStatusProcedure } from './get-status';
import { sendMessageProcedure } from './send-message';

export const messagesRouter = router({ send: sendMessageProcedure, getStatus: getStatusProcedure });
