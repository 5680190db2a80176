import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { expireDispatch, receiptsDispatch, submitDispatch } from '@/server/domain/delivery/carrier-steps';
import type { Pipeline } from '@/server/domain/delivery/pipeline';
import { runDispatch } from '@/server/domain/delivery/run-dispatch';

const DispatchPayload = z.object({ dispatch_id: z.string().min(1) });

/** Thin tasks: parse the payload, call the idempotent domain step. */
function dispatchTask(step: (p: Pipeline, dispatchId: string) => Promise<void>, pipeline: () => Pipeline): Task {
  return async (payload) => {
    const { dispatch_id } = DispatchPayload.parse(payload);
    await step(pipeline(), dispatch_id);
  };
}

export function pipelineTasks(pipeline: () => Pipeline) {
  return {
    dispatch_message: dispatchTask(runDispatch, pipeline),
    carrier_submit: dispatchTask(submitDispatch, pipeline),
    carrier_receipts: dispatchTask(receiptsDispatch, pipeline),
    carrier_expire: dispatchTask(expireDispatch, pipeline),
  } satisfies Record<string, Task>;
}
