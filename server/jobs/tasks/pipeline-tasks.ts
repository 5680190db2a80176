import type { Task } from 'graphile-worker';
import { expireDispatch, receiptsDispatch, submitDispatch } from '@/server/domain/delivery/carrier-steps';
import type { Pipeline } from '@/server/domain/delivery/pipeline';
import { runDispatch } from '@/server/domain/delivery/run-dispatch';
import { parseJobPayload } from '@/server/queue/job-payloads';

type DispatchTask = 'dispatch_message' | 'carrier_submit' | 'carrier_receipts' | 'carrier_expire';

/** Thin tasks: parse the payload with the task's schema, call the idempotent domain step. */
function dispatchTask(name: DispatchTask, step: (p: Pipeline, dispatchId: string) => Promise<void>, pipeline: () => Pipeline): Task {
  return async (payload) => {
    const { dispatch_id } = parseJobPayload(name, payload);
    await step(pipeline(), dispatch_id);
  };
}

export function pipelineTasks(pipeline: () => Pipeline) {
  return {
    dispatch_message: dispatchTask('dispatch_message', runDispatch, pipeline),
    carrier_submit: dispatchTask('carrier_submit', submitDispatch, pipeline),
    carrier_receipts: dispatchTask('carrier_receipts', receiptsDispatch, pipeline),
    carrier_expire: dispatchTask('carrier_expire', expireDispatch, pipeline),
  } satisfies Record<DispatchTask, Task>;
}
