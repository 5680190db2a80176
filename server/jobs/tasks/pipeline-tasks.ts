import type { Task, TaskList } from 'graphile-worker';
import type { Pipeline } from '@/server/domain/delivery/pipeline';
import { DUE_BATCH, runDispatch, runDueDispatches } from '@/server/domain/delivery/run-dispatch';
import { parseJobPayload } from '@/server/queue/job-payloads';
import { WakeLoop } from '../wake-loop';

/** The queue of dispatches due now (runDueDispatches): what the worker's dispatch loop runs, beside the task list. */
const dueQueues = new WeakMap<Task, () => Promise<number>>();

/** Thin task: parse the payload with the task's schema, call the idempotent domain step. */
export function pipelineTasks(pipeline: () => Pipeline) {
  const dispatch_message: Task = async (payload) => {
    const { dispatch_id } = parseJobPayload('dispatch_message', payload);
    await runDispatch(pipeline(), dispatch_id);
  };
  dueQueues.set(dispatch_message, () => runDueDispatches(pipeline()));
  return { dispatch_message };
}

/** One pass over the due dispatches of a task list's pipeline (for runners without the worker's loop: tests); null without one. */
export function dueDispatchesOf(taskList: TaskList): (() => Promise<number>) | null {
  const task = taskList.dispatch_message;
  return (task && dueQueues.get(task)) ?? null;
}

/** The worker's loop over the dispatches due now: claims sets of them until a claim comes back short of a full set. */
export class DispatchLoop extends WakeLoop {
  constructor(pipeline: () => Pipeline) {
    super('dispatch', async (signal) => {
      while ((await runDueDispatches(pipeline())) >= DUE_BATCH && !signal?.aborted);
    });
  }
}
