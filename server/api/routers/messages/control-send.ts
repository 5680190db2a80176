import { z } from 'zod';
import { apiKeyProcedure } from '@/server/api/trpc';
import { ControlResult } from '@/shared/contracts/send';
import { controlSend, type ControlAction } from '@/server/domain/messages/control-send';

const DESCRIPTIONS: Record<ControlAction, string> = {
  cancel:
    'Cancels every dispatch of a scheduled or recurring send that has not started and refunds its reserved cost (postpaid wallet first, then prepaid). A dispatch already started finishes. Answers the message status plus `refunded_amount`. 409 (1402) for an immediate, cancelled or finished send.',
  pause:
    'Pauses a scheduled or recurring send: dispatches whose moment passes while paused are skipped and refunded at resume. 409 (1402) unless the send is running.',
  resume: 'Resumes a paused send and refunds the dispatches skipped while it was paused (`refunded_amount`). 409 (1402) unless paused.',
};

function controlProcedure(action: ControlAction, method: 'DELETE' | 'POST') {
  return apiKeyProcedure
    .meta({
      openapi: { method, path: `/${action}/{message_id}`, tags: ['Messages'], summary: `${action[0].toUpperCase()}${action.slice(1)} a scheduled or recurring send`, description: DESCRIPTIONS[action] },
      rateLimit: 'control',
      errors: ['MESSAGE_NOT_FOUND', 'INVALID_STATE'],
    })
    .input(z.object({ message_id: z.string().meta({ description: 'The `message_id` POST /send answered.' }) }))
    .output(ControlResult)
    .mutation(({ ctx, input }) => controlSend(ctx.db, ctx.app.organizationId, input.message_id, action, ctx.now(), `api:${ctx.app.appId}`));
}

export const cancelSendProcedure = controlProcedure('cancel', 'DELETE');
export const pauseSendProcedure = controlProcedure('pause', 'POST');
export const resumeSendProcedure = controlProcedure('resume', 'POST');
