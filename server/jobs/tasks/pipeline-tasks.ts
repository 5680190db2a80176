import type { Task } from 'graphile-worker';
import type { Pipeline } from '@/server/domain/delivery/pipeline';
import { runDispatch } from '@/server/domain/delivery/run-dispatch';
import { parseJobPayload } from '@/server/queue/job-payloads';

/** Thin task: parse the payload with the task's schema, call the idempotent domain step. */
export function pipelineTasks(pipeline: () => Pipeline) {
  return {
    dispatch_message: (async (payload) => {
      const { dispatch_id } = parseJobPayload('dispatch_message', payload);
      await runDispatch(pipeline(), dispatch_id);
    }) satisfies Task,
  };
}
